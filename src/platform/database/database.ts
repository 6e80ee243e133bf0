import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../../generated/prisma/client.js';
import { announcingOperatorWrites } from './operator-writes.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { applyMigrations } from './migrations.js';
import { loadShippedRegions } from '../regions/load-regions.js';

/**
 * The unscoped client: every store's rows. Key lookup, operator actions (CLI, store creation,
 * seeding), migrations and the server secret take it; domain code gets `StoreDb` through `ctx.db`.
 */
export type Db = PrismaClient;

/** Connections of the PostgreSQL pool, as node-postgres counts them. */
export interface PoolStats {
  total: number;
  idle: number;
  /** Queries queued for a connection. */
  waiting: number;
}

export interface Database {
  prisma: PrismaClient;
  /** Which engine answers: `pglite` (embedded) or `postgresql`. */
  engine: 'pglite' | 'postgresql';
  /** The PostgreSQL pool's counts; null on the embedded engine, which has no pool. */
  poolStats(): PoolStats | null;
  /** SQL statements sent since start; deterministic, so tests and benchmarks count them. */
  statementCount(): number;
  /** Tells processes refused the embedded data directory where this one answers HTTP (the CLI reads the dev mailbox there); nothing to tell on PostgreSQL. */
  announceServer(url: string): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory of the embedded database; omitted means in memory (tests). */
  dataDir?: string;
  /** A PGlite data-dir dump to start an in-memory database from (tests, faster than migrating). */
  loadDataDir?: Blob;
  /** Who holds the data-dir lock, shown to a second process that is refused. */
  holder?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let factory: SqlMigrationAwareDriverAdapterFactory;
  let migrationFactory: SqlMigrationAwareDriverAdapterFactory;
  let release = async () => {};
  let announceServer: (url: string) => void = () => {};
  let engine: Database['engine'];
  let pool: pg.Pool | undefined;
  if (options.databaseUrl) {
    const config = { connectionString: options.databaseUrl, max: 10 };
    // Our own pool, so its counts can be read; migrations get connections of their own, closed when
    // they finish, so their session-level advisory lock never lingers in this pool.
    pool = new pg.Pool(config);
    factory = new PrismaPg(pool);
    migrationFactory = new PrismaPg(config);
    engine = 'postgresql';
    const opened = pool;
    release = () => opened.end();
  } else {
    let lock: DataDirLock | undefined;
    if (options.dataDir) {
      mkdirSync(options.dataDir, { recursive: true });
      lock = acquireDataDirLock(options.dataDir, options.holder ?? 'bazaar');
    }
    const pglite = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    try {
      await pglite.waitReady;
    } catch (error) {
      lock?.release();
      throw error;
    }
    factory = new PrismaPGlite(pglite);
    migrationFactory = factory;
    engine = 'pglite';
    if (lock) announceServer = (url) => lock.announce(url);
    release = async () => {
      await pglite.close();
      lock?.release();
    };
  }

  try {
    await applyMigrations(migrationFactory);
  } catch (error) {
    await release();
    throw error;
  }

  const raw = new PrismaClient({ adapter: factory, log: [{ emit: 'event', level: 'query' }] });
  const prisma = announcingOperatorWrites(raw);
  try {
    await loadShippedRegions(prisma);
  } catch (error) {
    await prisma.$disconnect();
    await release();
    throw error;
  }
  let statements = 0;
  raw.$on('query', () => {
    statements += 1;
  });
  return {
    prisma,
    engine,
    poolStats: () => (pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null),
    statementCount: () => statements,
    announceServer,
    async close() {
      await prisma.$disconnect();
      await release();
    },
  };
}
