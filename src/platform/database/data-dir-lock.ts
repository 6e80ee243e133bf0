import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  /** Records in the lock where the holder answers HTTP, so a process refused the directory can ask it instead. */
  announce(serverUrl: string): void;
  release(): void;
}

export class DataDirBusyError extends Error {
  /** The holder's local HTTP address, when it announced one (a running server). */
  readonly serverUrl: string | undefined;
  constructor(message: string, serverUrl?: string) {
    super(message);
    this.serverUrl = serverUrl;
  }
}

interface Holder {
  holder: string;
  serverUrl?: string;
}

// The lock file cannot tell this process's own holds from a stale file left under a recycled pid,
// so the directories this process holds are remembered here.
const heldHere = new Map<string, Holder>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder's announced address if it is one an HTTP client may ask; the lock file is only as trustworthy as the directory. */
function httpUrlOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\/[^/?#]+$/.test(value) ? value : undefined;
}

function busy(dir: string, holder: string, pid: number, serverUrl?: string) {
  return new DataDirBusyError(
    `The embedded database in ${dir} is in use by ${holder} (pid ${pid}). Stop it first, or point both at PostgreSQL with DATABASE_URL.`,
    serverUrl,
  );
}

/**
 * PGlite is one process: a second process opening the same directory would corrupt it.
 * The lock file names the holder's pid; a lock left by a process that died is taken over.
 */
export function acquireDataDirLock(dataDir: string, holder: string): DataDirLock {
  const dir = path.resolve(dataDir);
  const here = heldHere.get(dir);
  if (here) throw busy(dir, here.holder, process.pid, here.serverUrl);
  const file = path.join(dir, 'bazaar.lock');
  const owner = { pid: process.pid, holder, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify(owner), { flag: 'wx' });
      heldHere.set(dir, { holder });
      return {
        announce(serverUrl) {
          heldHere.set(dir, { holder, serverUrl });
          // Written aside and renamed over the lock: a reader never sees a half-written file, which it would take as abandoned.
          const aside = `${file}.${process.pid}`;
          writeFileSync(aside, JSON.stringify({ ...owner, serverUrl }));
          renameSync(aside, file);
        },
        release() {
          heldHere.delete(dir);
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let found: { pid?: number; holder?: string; serverUrl?: string } = {};
      try {
        found = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // An unreadable lock file is treated as abandoned.
      }
      // A live pid that is our own names a process that died and left its pid to us (a restarted container).
      if (found.pid && found.pid !== process.pid && isAlive(found.pid)) {
        throw busy(dir, found.holder ?? 'another process', found.pid, httpUrlOf(found.serverUrl));
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not lock ${dir}`);
}
