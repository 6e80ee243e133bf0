import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/database/database.js';
import { migrationStatus, pendingSchemaChange, readMigrationList } from '../../src/platform/database/migrations.js';
import { openTestDatabase } from '../support/test-app.js';

// The drift check and the changed-table cases below each run on a PGlite of their own, whatever
// the run's database: the PostgreSQL run would repeat the embedded run's work (20 s and more of it,
// without a template to start from), so they run on the embedded one only.
const embedded = !process.env.TEST_DATABASE_URL;

describe.runIf(embedded)('prisma/migrations', () => {
  it('hold every change of prisma/schema.prisma (run `npm run db:migrate:new -- NAME` after changing it)', async () => {
    expect(await pendingSchemaChange()).toBe('');
  });
});

// Issue 19: a start skips the schema engine when _prisma_migrations records every committed
// migration with the checksum the engine gives it; anything else goes to the engine as before.
describe('migrationStatus', () => {
  it('finds the database the schema engine migrated up to date: the checksums are the ones it records', async () => {
    const database = await openTestDatabase();
    try {
      expect(await migrationStatus(database.prisma)).toEqual({ unapplied: [], upToDate: true });
    } finally {
      await database.close();
    }
  });
});

describe.runIf(embedded)('migrationStatus on a changed _prisma_migrations', () => {
  let names: string[];
  let own: Database;
  beforeAll(async () => {
    names = (await readMigrationList()).migrationDirectories.map((dir) => dir.path);
    // A database of this file's own (in memory), whose _prisma_migrations it may change.
    own = await openDatabase({ loadDataDir: new Blob([await readFile(inject('pgliteTemplate')!)]) });
  });
  afterAll(() => own?.close());

  it('sends a migration recorded with another checksum (edited since) to the engine, which decides', async () => {
    await own.prisma.$executeRawUnsafe(`UPDATE _prisma_migrations SET checksum = 'edited' WHERE migration_name = '${names[0]}'`);
    expect(await migrationStatus(own.prisma)).toEqual({ unapplied: [], upToDate: false });
  });

  it('names a migration the database has not applied, or whose run failed', async () => {
    await own.prisma.$executeRawUnsafe(`UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = '${names.at(-1)}'`);
    expect(await migrationStatus(own.prisma)).toEqual({ unapplied: [names.at(-1)], upToDate: false });
  });

  it('names every migration on a database without the table', async () => {
    await own.prisma.$executeRawUnsafe('DROP TABLE _prisma_migrations');
    expect(await migrationStatus(own.prisma)).toEqual({ unapplied: names, upToDate: false });
  });
});
