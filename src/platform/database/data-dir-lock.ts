import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

export class DataDirBusyError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process: a second process opening the same directory would corrupt it.
 * The lock file names the holder's pid; a lock left by a process that died is taken over.
 */
export function acquireDataDirLock(dataDir: string, holder: string): DataDirLock {
  const file = path.join(dataDir, 'bazaar.lock');
  const content = JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, content, { flag: 'wx' });
      return {
        release() {
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: { pid?: number; holder?: string } = {};
      try {
        owner = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // An unreadable lock file is treated as abandoned.
      }
      if (owner.pid && owner.pid !== process.pid && isAlive(owner.pid)) {
        throw new DataDirBusyError(
          `The embedded database in ${dataDir} is in use by ${owner.holder ?? 'another process'} (pid ${owner.pid}). ` +
            'Stop it first, or point both at PostgreSQL with DATABASE_URL.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not lock ${dataDir}`);
}
