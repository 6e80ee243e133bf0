import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList } from '@prisma/schema-engine-wasm';
import { projectRoot } from '../package-info.js';
import { openSchemaEngine, type SchemaFile } from './schema-engine.js';

export const prismaDir = path.join(projectRoot(), 'prisma');
export const migrationsDir = path.join(prismaDir, 'migrations');
const noFilters = { externalTables: [], externalEnums: [] };

export async function readSchema(): Promise<SchemaFile> {
  const file = path.join(prismaDir, 'schema.prisma');
  return { path: file, content: await readFile(file, 'utf8') };
}

export async function readMigrationList(): Promise<MigrationList> {
  const entries = existsSync(migrationsDir) ? await readdir(migrationsDir, { withFileTypes: true }) : [];
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const lockPath = path.join(migrationsDir, 'migration_lock.toml');
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? await readFile(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      names.map(async (name) => ({
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: { tag: 'ok' as const, value: await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8') },
        },
      })),
    ),
  };
}

/** What `_prisma_migrations` says of the committed migrations; read with one or two queries, no schema engine. */
export interface MigrationStatus {
  /** Committed migrations the database has not applied, oldest first. */
  unapplied: string[];
  /**
   * Every committed migration is applied, with the checksum of the file as it is committed, and
   * none failed: applying would do nothing, so a start skips loading the schema engine.
   */
  upToDate: boolean;
}

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished: boolean;
  rolled_back: boolean;
}

/** Read by raw SQL: `_prisma_migrations` is the schema engine's table, not a model of ours. */
interface RawQueries {
  $queryRawUnsafe<T = unknown>(query: string): Promise<T>;
}

export async function migrationStatus(db: RawQueries): Promise<MigrationStatus> {
  const committed = (await readMigrationList()).migrationDirectories.map((dir) => ({
    name: dir.path,
    // The engine records the SHA-256 of the file's bytes.
    checksum: createHash('sha256')
      .update(dir.migrationFile.content.tag === 'ok' ? dir.migrationFile.content.value : '')
      .digest('hex'),
  }));
  const [{ present }] = await db.$queryRawUnsafe<{ present: boolean }[]>(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present`);
  if (!present) return { unapplied: committed.map((m) => m.name), upToDate: false };
  const rows = await db.$queryRawUnsafe<MigrationRow[]>(
    'SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back FROM _prisma_migrations',
  );
  const applied = new Map(rows.filter((row) => row.finished && !row.rolled_back).map((row) => [row.migration_name, row.checksum]));
  const unapplied = committed.filter((m) => !applied.has(m.name)).map((m) => m.name);
  const failed = rows.some((row) => !row.finished && !row.rolled_back);
  const edited = committed.some((m) => applied.has(m.name) && applied.get(m.name) !== m.checksum);
  return { unapplied, upToDate: !unapplied.length && !failed && !edited };
}

/** Applies every committed migration not yet recorded in `_prisma_migrations`. */
export async function applyMigrations(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const { engine, close } = await openSchemaEngine(await readSchema(), adapterFactory);
  try {
    const result = await engine.applyMigrations({ migrationsList: await readMigrationList(), filters: noFilters });
    return result.appliedMigrationNames;
  } finally {
    await close();
  }
}

/**
 * The SQL that would bring a database holding the committed migrations up to
 * `prisma/schema.prisma`; an empty string when they agree. Runs on a throwaway in-memory PGlite.
 */
export async function pendingSchemaChange(): Promise<string> {
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([import('@electric-sql/pglite'), import('pglite-prisma-adapter')]);
  const pglite = new PGlite();
  try {
    const factory = new PrismaPGlite(pglite);
    await applyMigrations(factory);
    const schema = await readSchema();
    const { engine, close } = await openSchemaEngine(schema, factory);
    try {
      const result = await engine.diff({
        from: { tag: 'schemaDatasource', files: [schema], configDir: prismaDir },
        to: { tag: 'schemaDatamodel', files: [schema] },
        script: true,
        exitCode: true,
        filters: noFilters,
      });
      return result.exitCode === 2 ? (result.stdout ?? '') : '';
    } finally {
      await close();
    }
  } finally {
    await pglite.close();
  }
}
