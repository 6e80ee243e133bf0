import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import { DatabaseBehindError } from '../../src/platform/database/database-behind-error.js';
import { openDatabase } from '../../src/platform/database/database.js';
import { readMigrationList } from '../../src/platform/database/migrations.js';
import { cliFailure, cliJson, uniqueSlug } from './cli-harness.js';

// Issue 19: a command that only reads never migrates; on a database behind the code it refuses,
// saying so, and leaves it as it found it. A command that writes applies the migrations first.
// Always on a fresh embedded data directory: the shared PostgreSQL of the suite is migrated already.

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bazaar-cli-behind-'));
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = dataDir;
  process.env.MEDIA_DIR = path.join(dataDir, 'media');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the commands that only read', () => {
  it('are app list, review list, question list, team list, messages and worker; version and help open no database', () => {
    const byAccess = Object.entries(commands).map(([name, command]) => [name, command.database]);
    expect(byAccess.filter(([, access]) => access !== 'write')).toEqual([
      ['app list', 'read'],
      ['review list', 'read'],
      ['question list', 'read'],
      ['team list', 'read'],
      ['messages', 'read'],
      ['worker', 'read'],
      ['version', 'none'],
    ]);
  });
});

describe('messages on a database behind the code', () => {
  it('refuses with database_behind and exit 1, naming the migrations, and applies none of them', async () => {
    const names = (await readMigrationList()).migrationDirectories.map((dir) => dir.path);
    const failure = await cliFailure('messages', '--to', 'ada@example.com');
    expect(failure).toEqual({
      code: 1,
      error: {
        code: 'database_behind',
        message: `The database is behind this version of Bazaar: ${names.length} migrations are (${names[0]} to ${names.at(-1)}) not applied. npm start applies them, and so does any command that writes.`,
      },
    });
    // Opened again without migrating: still every migration missing.
    const again = await openDatabase({ dataDir, migrations: 'require' }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(DatabaseBehindError);
    expect((again as DatabaseBehindError).unapplied).toEqual(names);
  });

  it('answers once a command that writes has applied them', async () => {
    const slug = uniqueSlug();
    expect(await cliJson('store', 'create', '--name', 'Behind No More', '--slug', slug)).toMatchObject({ slug });
    expect(await cliJson('messages', '--to', 'ada@example.com')).toEqual({ to: 'ada@example.com', messages: [] });
  });
});
