// The built servers npm run bench loads: this checkout's, and with BENCH_BASELINE another
// checkout's, both serving the same database with the same settings; and the one-statement floor
// (bench/floor), which the floor scenario loads beside this checkout's with the cache off.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Server {
  /** `baseline` or `current`, as the report names them (the floor is the floor scenario's `baseline`). */
  label: string;
  url: string;
  /** The server process's resident memory now, in MB (from /proc; 0 where there is none). */
  rssMb(): number;
  /** CPU time the server process has used so far, user and system, in ms (from /proc; 0 where there is none). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Linux's USER_HZ, the unit of /proc's CPU times. */
const CLOCK_TICKS_PER_S = 100;

async function waitUntilUp(url: string, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server at ${url} did not come up within 60 s`);
}

/**
 * Starts `<cwd>/dist/src/server.js` on the port as `npm start` does, through the checkout's
 * `scripts/start-server.sh` and its memory settings (a checkout from before it existed: Node on the
 * server alone, as its `npm start` did); `dataDir` only for the embedded engine; `env` adds settings
 * of this server's own.
 */
export function startServer(label: string, cwd: string, port: number, dataDir: string | undefined, env: Record<string, string> = {}): Promise<Server> {
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile of its whole run there when stopped (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`, `--cpu-prof-name=${label}.cpuprofile`]
    : [];
  const launcher = path.join(cwd, 'scripts/start-server.sh');
  const [command, args] = existsSync(launcher)
    ? ['sh', [launcher, ...profile]]
    : [process.execPath, ['--enable-source-maps', ...profile, 'dist/src/server.js']];
  const child = spawn(command, args, {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      BAZAAR_DEMO: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_STOREFRONT: '0',
      RATE_LIMIT_GRAPHQL: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return watch(label, child, port);
}

/** Starts the floor (bench/floor/main.ts) on the port, over DATABASE_URL, answering these public keys. */
export function startFloorServer(label: string, port: number, publicKeys: string[]): Promise<Server> {
  const child = spawn(process.execPath, ['--enable-source-maps', '--import', 'tsx', 'bench/floor/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', FLOOR_KEYS: publicKeys.join(',') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return watch(label, child, port);
}

/** Waits until the started process answers /health, and reads its memory and CPU time from /proc. */
async function watch(label: string, child: ChildProcess, port: number): Promise<Server> {
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await Promise.race([waitUntilUp(url), exited.then(() => Promise.reject(new Error(`the ${label} server exited before it answered`)))]);
  } catch (error) {
    await stop();
    throw error;
  }
  const rssMb = () => {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      return kb ? Math.round(Number(kb) / 1024) : 0;
    } catch {
      return 0;
    }
  };
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat, counted after the command's closing parenthesis.
  const cpuMs = () => {
    try {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
    } catch {
      return 0;
    }
  };
  return { label, url, rssMb, cpuMs, stop };
}
