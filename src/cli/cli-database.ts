import { publishLiveOrderEvents } from '../app/live-updates.js';
import { loadConfig } from '../config.js';
import { CatalogVersions } from '../http/response-cache/catalog-versions.js';
import { announce } from '../http/response-cache/open-catalog-cache.js';
import type { CachedReadsScope } from '../platform/database/catalog-models.js';
import { onCatalogWrite, onStockWrite } from '../platform/database/catalog-writes.js';
import { openDatabase, type Database, type DatabaseOptions } from '../platform/database/database.js';
import { openKv } from '../platform/kv/open-kv.js';
import { openLiveEvents } from '../platform/live/live-events.js';

/**
 * The server's own database, by the same configuration; pending migrations are applied on open,
 * unless `migrations` is `require` (a command that only reads), which refuses a database behind the code.
 * With `REDIS_URL`, the catalogue writes of a command (a seed, a key revoked, a plan changed)
 * replace the catalogue versions the servers read there, so none of them answers from before it.
 * Without Redis each server keeps its versions in its own memory; on PostgreSQL the command tells
 * them through the database's notifications, so the next read there is as fresh. Its committed
 * order events go to the servers' live subscribers the same way (Redis, else PostgreSQL), sent
 * before the command ends. (The embedded engine opens in one process at a time: no server runs
 * beside a command there.)
 */
export async function openCliDatabase(options: Pick<DatabaseOptions, 'migrations'> = {}): Promise<Database> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    limits: config.database,
    holder: 'bazaar cli',
    migrations: options.migrations,
  });
  // On the embedded engine no server can be listening: the command holds the data directory.
  const live = database.engine === 'postgresql' ? openLiveEvents(config.redisUrl, database.notifyChannel) : null;
  const stopLive = live ? publishLiveOrderEvents(database.prisma, live) : () => undefined;
  const catalog = catalogAnnouncer(database, config.redisUrl, config.redisCommandTimeoutMs);
  return {
    ...database,
    async close() {
      stopLive();
      await live?.close();
      await catalog.close();
      await database.close();
    },
  };
}

/**
 * Where the command's catalogue writes are announced: the versions in Redis, else PostgreSQL's
 * channel, else nowhere. A command's stock writes are rare, and announced as catalogue writes of their store.
 */
function catalogAnnouncer(database: Database, redisUrl: string | undefined, commandTimeoutMs: number): { close(): Promise<void> } {
  const hear = (listener: (storeId: string, scope: CachedReadsScope) => Promise<void>) => {
    const stops = [onCatalogWrite(database.prisma, listener), onStockWrite(database.prisma, (storeId) => listener(storeId, 'catalog'))];
    return () => stops.forEach((stop) => stop());
  };
  if (!redisUrl) {
    const channel = database.catalogChannel;
    const stop = channel ? hear((storeId, scope) => announce(channel, storeId, scope)) : () => undefined;
    return { close: async () => stop() };
  }
  const kv = openKv(redisUrl, { commandTimeoutMs });
  const versions = new CatalogVersions(kv);
  const stop = hear((storeId, scope) => versions.bump(storeId, scope));
  return {
    async close() {
      stop();
      await kv.close();
    },
  };
}
