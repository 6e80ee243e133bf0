import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../platform/database/database.js';

/** The server's own database, by the same configuration; pending migrations are applied on open. */
export function openCliDatabase(): Promise<Database> {
  const config = loadConfig();
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    holder: 'bazaar cli',
  });
}
