import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

export class DataDirBusyError extends Error {}

// The lock file cannot tell this process's own holds from a stale file left under a recycled pid,
// so the directories this process holds are remembered here.
const heldHere = new Map<string, string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function busy(dir: string, holder: string, pid: number) {
  return new DataDirBusyError(
    `The embedded database in ${dir} is in use by ${holder} (pid ${pid}). Stop it first, or point both at PostgreSQL with DATABASE_URL.`,
  );
}

/**
 * PGlite is one process: a second process opening the same directory would corrupt it.
 * The lock file names the holder's pid; a lock left by a process that died is taken over.
 */
export function acquireDataDirLock(dataDir: string, holder: string): DataDirLock {
  const dir = path.resolve(dataDir);
  const holderHere = heldHere.get(dir);
  if (holderHere) throw busy(dir, holderHere, process.pid);
  const file = path.join(dir, 'bazaar.lock');
  const content = JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, content, { flag: 'wx' });
      heldHere.set(dir, holder);
      return {
        release() {
          heldHere.delete(dir);
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
      // A live pid that is our own names a process that died and left its pid to us (a restarted container).
      if (owner.pid && owner.pid !== process.pid && isAlive(owner.pid)) {
        throw busy(dir, owner.holder ?? 'another process', owner.pid);
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not lock ${dir}`);
}
