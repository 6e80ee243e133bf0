import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { openDatabase, type Database } from '../../src/platform/database/database.js';
import { embeddedDataDir } from '../support/embedded-data-dir.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

export interface CliRun {
  code: number;
  /** Every write to stdout, in order; a --json command writes exactly one. */
  stdout: string[];
  stderr: string[];
}

/** Runs one command line in-process, exactly as `bazaar ARGS` would. */
export async function cli(...args: string[]): Promise<CliRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli(args, { stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text) });
  return { code, stdout, stderr };
}

/** A --json command that must succeed: exit 0, nothing on stderr, one JSON object on stdout. */
export async function cliJson(...args: string[]): Promise<any> {
  const run = await cli(...args, '--json');
  expect({ code: run.code, stderr: run.stderr, lines: run.stdout.length }, JSON.stringify(run)).toEqual({ code: 0, stderr: [], lines: 1 });
  return JSON.parse(run.stdout[0]!);
}

/** A --json command that reports progress: exit 0, one JSON object on stdout, only {"progress":{...}} lines on stderr. */
export async function cliJsonWithProgress(...args: string[]): Promise<{ result: any; progress: any[] }> {
  const run = await cli(...args, '--json');
  expect({ code: run.code, lines: run.stdout.length }, JSON.stringify(run)).toEqual({ code: 0, lines: 1 });
  const progress = run.stderr.map((line) => JSON.parse(line));
  for (const line of progress) expect(Object.keys(line)).toEqual(['progress']);
  return { result: JSON.parse(run.stdout[0]!), progress: progress.map((line) => line.progress) };
}

/** A --json command that must fail: nothing on stdout, one {"error":{...}} object on stderr. */
export async function cliFailure(...args: string[]): Promise<{ code: number; error: any }> {
  const run = await cli(...args, '--json');
  expect({ stdout: run.stdout, lines: run.stderr.length }, JSON.stringify(run)).toEqual({ stdout: [], lines: 1 });
  const body = JSON.parse(run.stderr[0]!);
  expect(Object.keys(body)).toEqual(['error']);
  return { code: run.code, error: body.error };
}

/** Store slugs are global, and PostgreSQL is shared between files and runs. */
export const uniqueSlug = (prefix = 'cli') => `${prefix}-${randomUUID().slice(0, 8)}`;

export interface CliDatabase {
  /** The embedded data directory, or undefined on PostgreSQL. */
  dataDir: string | undefined;
  /** The same database the CLI uses, for the app and for direct checks. */
  open(): Promise<Database>;
  cleanup(): void;
}

/**
 * Points the CLI (which reads DATABASE_URL / DATA_DIR from process.env) at the test database:
 * the shared PostgreSQL of TEST_DATABASE_URL, else an embedded data directory of this file's, migrated
 * already (test/cli/read-only-commands.test.ts opens an empty one: the first open is its subject).
 * Test files share a worker process; test/support/per-file.ts restores the env after each file.
 */
export function pointCliAtTestDatabase(): CliDatabase {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  // The media files the CLI writes (seed and demo pictures) go to a directory of this file's, which withApp serves.
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'bazaar-cli-media-'));
  process.env.MEDIA_DIR = mediaDir;
  const removeMedia = () => rmSync(mediaDir, { recursive: true, force: true });
  if (databaseUrl) {
    process.env.DATABASE_URL = databaseUrl;
    return { dataDir: undefined, open: () => openDatabase({ databaseUrl }), cleanup: removeMedia };
  }
  delete process.env.DATABASE_URL;
  const dataDir = embeddedDataDir('bazaar-cli-');
  process.env.DATA_DIR = dataDir;
  return {
    dataDir,
    open: () => openDatabase({ dataDir, holder: 'cli test app' }),
    cleanup: () => {
      rmSync(dataDir, { recursive: true, force: true });
      removeMedia();
    },
  };
}

/**
 * Runs `fn` against a whole app on the CLI's database, then closes both: an embedded data
 * directory takes one opener at a time, so no CLI command may run while the app is up.
 */
export async function withApp<T>(db: CliDatabase, fn: (t: TestApp) => Promise<T>): Promise<T> {
  const database = await db.open();
  try {
    const t = await startTestApp({ MEDIA_DIR: process.env.MEDIA_DIR! }, { database });
    try {
      return await fn(t);
    } finally {
      await t.close();
    }
  } finally {
    await database.close();
  }
}

/** Direct reads of the CLI's database, closed again before the next command. */
export async function withDatabase<T>(db: CliDatabase, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await db.open();
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

const mainTs = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx/cli');

/** The real `bazaar` process (src/cli/main.ts under tsx) on an embedded data directory: its own pid, real streams, real exit code. */
export function spawnBazaar(dataDir: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _unused, ...env } = process.env;
  const child = spawn(process.execPath, [tsx, mainTs, ...args], { env: { ...env, DATA_DIR: dataDir }, cwd: path.dirname(mainTs) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
