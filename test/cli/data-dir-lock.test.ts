import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/database/database.js';
import { cli, cliFailure, cliJson, pointCliAtTestDatabase, spawnBazaar, uniqueSlug } from './cli-harness.js';

// Issue, CLI: the CLI refuses, with a clear message, to open an embedded data directory that a
// running server holds. Only the embedded database has the lock; PostgreSQL takes any number.

const busyMessage = (dataDir: string, holder: string, pid: number) =>
  `The embedded database in ${dataDir} is in use by ${holder} (pid ${pid}). Stop it first, or point both at PostgreSQL with DATABASE_URL.`;

describe.skipIf(!!process.env.TEST_DATABASE_URL)('A data directory held by a running server', () => {
  const db = pointCliAtTestDatabase();
  const dataDir = db.dataDir!;
  afterAll(() => db.cleanup());

  it('refuses a bazaar process with data_dir_busy naming the holder and its pid, and works once the server is gone', async () => {
    const server = await openDatabase({ dataDir, holder: 'test server' });
    const slug = uniqueSlug();
    let refused;
    try {
      refused = await spawnBazaar(dataDir, 'store', 'create', '--name', 'Busy', '--slug', slug, '--json');
    } finally {
      await server.close();
    }
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `${JSON.stringify({ error: { code: 'data_dir_busy', message: busyMessage(dataDir, 'test server', process.pid) } })}\n`,
    });

    // Closing released the lock, so the same command now goes through.
    const done = await spawnBazaar(dataDir, 'store', 'create', '--name', 'Busy', '--slug', slug, '--json');
    expect({ code: done.code, stderr: done.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(done.stdout)).toMatchObject({ slug, name: 'Busy' });
  });

  it('says so in text mode too, on stderr with exit 1', async () => {
    const server = await openDatabase({ dataDir, holder: 'bazaar server on port 4000' });
    try {
      const refused = await spawnBazaar(dataDir, 'key', 'revoke', '--id', '00000000-0000-0000-0000-000000000000');
      expect(refused).toEqual({ code: 1, stdout: '', stderr: `bazaar: ${busyMessage(dataDir, 'bazaar server on port 4000', process.pid)}\n` });
    } finally {
      await server.close();
    }
  });

  // A second PGlite on a directory that is already open corrupts it, whoever opened the first.
  it('refuses an in-process command while this process holds the directory', async () => {
    const server = await openDatabase({ dataDir, holder: 'test server' });
    try {
      const failure = await cliFailure('store', 'create', '--name', 'Twice', '--slug', uniqueSlug());
      expect(failure).toEqual({ code: 1, error: { code: 'data_dir_busy', message: busyMessage(dataDir, 'test server', process.pid) } });
    } finally {
      await server.close();
    }
  });

  it('takes over a lock left by a process that has died', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(path.join(dataDir, 'bazaar.lock'), JSON.stringify({ pid: dead, holder: 'crashed server', since: '2026-01-01T00:00:00.000Z' }));
    const slug = uniqueSlug();
    expect(await cliJson('store', 'create', '--name', 'After Crash', '--slug', slug)).toMatchObject({ slug });
    // And the lock is released again after the command.
    expect((await cli('key', 'revoke', '--id', 'nope', '--json')).stderr).toEqual([
      JSON.stringify({ error: { code: 'not_found', message: 'API key not found.' } }),
    ]);
  });
});
