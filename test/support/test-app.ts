import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import { buildApp } from '../../src/app/build-app.js';
import { openDatabase, type Database } from '../../src/platform/database/database.js';
import type { DatabaseLimits } from '../../src/platform/database/database-limits.js';
import { loadServerSecret } from '../../src/platform/crypto/server-secret.js';
import type { Kv } from '../../src/platform/kv/kv.js';
import { openKv } from '../../src/platform/kv/open-kv.js';
import { mediaServices, type MediaServices } from '../../src/domain/media/media-services.js';
import { temporaryMediaDir } from './media.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  kv: Kv;
  config: Config;
  media: MediaServices;
  close(): Promise<void>;
}

/** Opens the test database: the shared PostgreSQL of TEST_DATABASE_URL, or a private in-memory PGlite; `limits` as openDatabase takes them. */
export async function openTestDatabase(limits?: DatabaseLimits): Promise<Database> {
  if (process.env.TEST_DATABASE_URL) return openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, limits });
  const template = inject('pgliteTemplate');
  return openDatabase({ loadDataDir: template ? new Blob([await readFile(template)]) : undefined, limits });
}

/** The KV the server opens: Redis (behind its failover) when REDIS_URL is set, with a prefix of this file's own, else memory. */
export function openTestKv(prefix = `test:${randomUUID()}:`): Kv {
  // A generous timeout: a loaded test machine must not read a slow first connection as an outage.
  return openKv(process.env.REDIS_URL, { prefix, commandTimeoutMs: 2000 });
}

/** A whole app over real HTTP handling (inject), a real database and a real KV. */
export async function startTestApp(
  env: Record<string, string> = {},
  shared: { database?: Database; kv?: Kv; clock?: () => number; demoPublicKey?: string; starting?: () => string | null } = {},
): Promise<TestApp> {
  const database = shared.database ?? (await openTestDatabase());
  const kv = shared.kv ?? openTestKv();
  // Each app keeps its files in a temporary directory of its own unless the test names one.
  const ownMediaDir = env.MEDIA_DIR ? undefined : temporaryMediaDir();
  const config = loadConfig({ PUBLIC_URL: 'http://bazaar.test', ...(ownMediaDir ? { MEDIA_DIR: ownMediaDir } : {}), ...env });
  const media = mediaServices(config);
  const secret = await loadServerSecret(database.prisma, config.secret);
  const app = await buildApp(
    {
      config,
      database,
      kv,
      media,
      secret,
      clock: shared.clock,
      demoPublicKey: shared.demoPublicKey === undefined ? undefined : () => shared.demoPublicKey,
      starting: shared.starting,
    },
    { logger: false },
  );
  await app.ready();
  return {
    app,
    database,
    kv,
    config,
    media,
    async close() {
      await app.close();
      if (!shared.kv) await kv.close();
      if (!shared.database) await database.close();
      if (ownMediaDir) rmSync(ownMediaDir, { recursive: true, force: true });
    },
  };
}

export interface TwoApps {
  a: TestApp;
  b: TestApp;
  close(): Promise<void>;
}

/**
 * Two app instances standing for two server processes behind a load balancer, sharing what such
 * processes share. On PostgreSQL each has its own pool and on Redis its own connection (under one
 * prefix), so the only way one learns of the other's state is through them; on the embedded
 * engine they share the one PGlite (one process by nature), and without Redis one memory KV.
 */
export async function startTwoApps(env: Record<string, string> = {}, clock?: () => number): Promise<TwoApps> {
  const prefix = `two:${randomUUID()}:`;
  const a = await startTestApp(env, { database: await openTestDatabase(), kv: openTestKv(prefix), clock });
  const database = process.env.TEST_DATABASE_URL ? await openTestDatabase() : a.database;
  const b = await startTestApp(env, { database, kv: process.env.REDIS_URL ? openTestKv(prefix) : a.kv, clock });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      if (b.database !== a.database) await b.database.close();
      await a.database.close();
      if (b.kv !== a.kv) await b.kv.close();
      await a.kv.close();
    },
  };
}
