import { mkdirSync } from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient } from '../../generated/prisma/client.js';
import { announcingOperatorWrites } from './operator-writes.js';
import { preparedStatementName } from './store-statements.js';
import { withoutJit } from './connection-settings.js';
import { directReads, readDirectly } from './direct-reads.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { DatabaseBehindError } from './database-behind-error.js';
import { applyMigrations, migrationStatus } from './migrations.js';
import { loadShippedRegions } from '../regions/load-regions.js';
import { untimed, type StepTimer } from '../timed-steps.js';
import { defaultDatabaseLimits, type DatabaseLimits } from './database-limits.js';
import { gateTransactions, transactionGate } from './transaction-gate.js';
import { CATALOG_CHANNEL, catalogChannel, type CatalogChannel } from './catalog-channel.js';
import { notifyChannel, type NotifyChannel } from './notify-channel.js';

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
  /** Catalogue writes announced between processes through PostgreSQL's notifications; null on the embedded engine, which one process opens. */
  catalogChannel: CatalogChannel | null;
  /** A channel of PostgreSQL's notifications between the processes of this database, by name; null on the embedded engine, which one process opens. */
  notifyChannel: ((name: string) => NotifyChannel) | null;
  /** Tells processes refused the embedded data directory where this one answers HTTP (the CLI reads the dev mailbox there); nothing to tell on PostgreSQL. */
  announceServer(url: string): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** `defaultDatabaseLimits` when left out. */
  limits?: DatabaseLimits;
  /** Directory of the embedded database; omitted means in memory (tests). */
  dataDir?: string;
  /** A PGlite data-dir dump to start an in-memory database from (tests, faster than migrating). */
  loadDataDir?: Blob;
  /** Who holds the data-dir lock, shown to a second process that is refused. */
  holder?: string;
  /**
   * `apply` (the default) applies the committed migrations the database lacks, and loads the
   * shipped region data sets; `require` writes nothing and refuses with DatabaseBehindError when
   * a migration is not applied (commands that only read).
   */
  migrations?: 'apply' | 'require';
  /** Times the steps of the open (the server logs them). */
  timed?: StepTimer;
}

interface Connection {
  factory: SqlMigrationAwareDriverAdapterFactory;
  migrationFactory: SqlMigrationAwareDriverAdapterFactory;
  engine: Database['engine'];
  pool?: pg.Pool;
  notifyChannel: ((name: string) => NotifyChannel) | null;
  release(): Promise<void>;
  announceServer(url: string): void;
}

async function connect(options: DatabaseOptions, limits: DatabaseLimits): Promise<Connection> {
  if (options.databaseUrl) {
    const config = { connectionString: options.databaseUrl, max: limits.poolSize };
    // Our own pool, so its counts can be read; migrations get connections of their own, closed when
    // they finish, so their session-level advisory lock never lingers in this pool.
    const pool = new pg.Pool({ ...config, onConnect: withoutJit });
    const databaseUrl = options.databaseUrl;
    return {
      factory: new PrismaPg(pool, { statementNameGenerator: preparedStatementName }),
      migrationFactory: new PrismaPg(config),
      engine: 'postgresql',
      pool,
      notifyChannel: (name) => notifyChannel(pool, databaseUrl, name),
      release: () => pool.end(),
      announceServer: () => {},
    };
  }
  // The embedded engine's modules are imported only here: a server on PostgreSQL never loads them.
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([import('@electric-sql/pglite'), import('pglite-prisma-adapter')]);
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
  const factory = new PrismaPGlite(pglite);
  return {
    factory,
    migrationFactory: factory,
    engine: 'pglite',
    notifyChannel: null,
    announceServer: (url) => lock?.announce(url),
    async release() {
      await pglite.close();
      lock?.release();
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const timed = options.timed ?? untimed;
  const limits = options.limits ?? defaultDatabaseLimits(!options.databaseUrl);
  const {
    factory,
    migrationFactory,
    engine,
    pool,
    notifyChannel: channelOf,
    release,
    announceServer,
  } = await timed(
    'database',
    () => connect(options, limits),
    () => ({
      note: options.databaseUrl ? 'PostgreSQL' : 'embedded',
    }),
  );

  const raw = new PrismaClient({ adapter: factory, log: [{ emit: 'event', level: 'query' }] });
  const prisma = announcingOperatorWrites(raw);
  gateTransactions(prisma, transactionGate(limits.transactions));
  try {
    await timed(
      'migrations',
      async () => {
        // The cheap check first: when the database records every committed migration, the schema engine is not even loaded.
        const status = await migrationStatus(raw);
        if (status.upToDate) return { applied: [], skipped: true };
        if (options.migrations === 'require') {
          if (status.unapplied.length) throw new DatabaseBehindError(status.unapplied);
          return { applied: [], skipped: true };
        }
        return { applied: await applyMigrations(migrationFactory), skipped: false };
      },
      ({ applied, skipped }) => ({ applied: applied.length, note: skipped ? 'all applied already' : `${applied.length} applied` }),
    );
    if (options.migrations !== 'require') {
      await timed(
        'regions',
        () => loadShippedRegions(prisma),
        (sets) => {
          const loaded = sets.filter((set) => !set.skipped).map((set) => set.country);
          return { loaded, note: loaded.length ? `${loaded.join(', ')} loaded` : 'unchanged' };
        },
      );
    }
  } catch (error) {
    await prisma.$disconnect();
    await release();
    throw error;
  }
  let statements = 0;
  raw.$on('query', () => {
    statements += 1;
  });
  if (pool)
    readDirectly(
      prisma,
      directReads(pool, () => (statements += 1)),
    );
  return {
    prisma,
    engine,
    poolStats: () => (pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null),
    statementCount: () => statements,
    catalogChannel: channelOf ? catalogChannel(channelOf(CATALOG_CHANNEL)) : null,
    notifyChannel: channelOf,
    announceServer,
    async close() {
      await prisma.$disconnect();
      await release();
    },
  };
}
