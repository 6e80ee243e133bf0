import type { Db } from '../database/database.js';
import { randomToken } from './tokens.js';

/**
 * The secret that signs cursors. BAZAAR_SECRET wins; otherwise one is generated once and kept
 * in the database, so every process on the same database signs and checks alike.
 */
export async function loadServerSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db.serverSetting.createMany({ data: [{ key: 'signing_secret', value: randomToken(32) }], skipDuplicates: true });
  const row = await db.serverSetting.findUniqueOrThrow({ where: { key: 'signing_secret' } });
  return row.value;
}
