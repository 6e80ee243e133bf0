import { loadConfig } from '../config.js';
import { CatalogVersions } from '../http/response-cache/catalog-versions.js';
import { announce } from '../http/response-cache/open-catalog-cache.js';
import { onCatalogWrite } from '../platform/database/catalog-writes.js';
import { openDatabase, type Database, type DatabaseOptions } from '../platform/database/database.js';
import { openKv } from '../platform/kv/open-kv.js';

/**
 * The server's own database, by the same configuration; pending migrations are applied on open,
 * unless `migrations` is `require` (a command that only reads), which refuses a database behind the code.
 * With `REDIS_URL`, the catalogue writes of a command (a seed, a key revoked, a plan changed)
 * replace the catalogue versions the servers read there, so none of them answers from before it.
 * Without Redis each server keeps its versions in its own memory; on PostgreSQL the command tells
 * them through the database's notifications, so the next read there is as fresh. (The embedded
 * engine opens in one process at a time: no server runs beside a command there.)
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
  if (!config.redisUrl) {
    const channel = database.catalogChannel;
    if (!channel) return database;
    const stop = onCatalogWrite(database.prisma, (storeId) => announce(channel, storeId));
    return {
      ...database,
      async close() {
        stop();
        await database.close();
      },
    };
  }
  const kv = openKv(config.redisUrl, { commandTimeoutMs: config.redisCommandTimeoutMs });
  const versions = new CatalogVersions(kv);
  const stop = onCatalogWrite(database.prisma, (storeId) => versions.bump(storeId));
  return {
    ...database,
    async close() {
      stop();
      await kv.close();
      await database.close();
    },
  };
}
