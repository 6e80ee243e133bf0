import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/database/database.js';
import { applyMigrations } from '../../src/platform/database/migrations.js';
import { PrismaClient } from '../../src/generated/prisma/client.js';
import { loadShippedRegions } from '../../src/platform/regions/load-regions.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    /** The same migrated database as an on-disk data directory, for the CLI and server processes that open one (embedded runs only). */
    pgliteTemplateDir: string | null;
  }
}

/**
 * Migrates (and loads the region data set) once per run. On PostgreSQL (TEST_DATABASE_URL) the shared database is brought up to
 * date; on the embedded default a migrated PGlite is dumped once and every test file starts
 * its own in-memory copy from that dump.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
    await database.close();
    project.provide('pgliteTemplate', null);
    project.provide('pgliteTemplateDir', null);
    return;
  }
  // 1 MB WAL segments instead of 16 MB: the dump carries the WAL directory, and each file's copy is
  // read and unpacked from it, so two 16 MB segments were half of every copy.
  const pglite = new PGlite({ initDbStartParams: ['--wal-segsize=1'] });
  await applyMigrations(new PrismaPGlite(pglite));
  // The template holds the region data set too, so no test file loads it again.
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  await loadShippedRegions(prisma);
  await prisma.$disconnect();
  // Without a checkpoint the dump's data files lag its WAL, and every copy replayed about 10 MB of
  // it at open (0.4 s of each file's start on an idle machine).
  await pglite.exec('CHECKPOINT');
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bazaar-test-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  // The CLI and the server open a data directory on disk; from nothing that is initdb and every
  // migration (about 13 s on an idle machine), from a copy of this directory under a second.
  const templateDir = path.join(dir, 'data');
  const onDisk = new PGlite({ dataDir: templateDir, loadDataDir: dump });
  await onDisk.waitReady;
  await onDisk.close();
  project.provide('pgliteTemplateDir', templateDir);
  return () => rm(dir, { recursive: true, force: true });
}
