// The floor as a process of its own, as npm run bench starts it (bench/servers.ts): on PORT and
// HOST, over DATABASE_URL, answering the public keys of FLOOR_KEYS (comma-separated).
import { startFloor } from './server.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('the floor reads PostgreSQL: set DATABASE_URL');
const floor = await startFloor({
  databaseUrl,
  keys: (process.env.FLOOR_KEYS ?? '').split(',').filter(Boolean),
  port: Number(process.env.PORT ?? 4102),
  host: process.env.HOST ?? '127.0.0.1',
  secret: process.env.BAZAAR_SECRET || undefined,
  poolSize: process.env.DATABASE_POOL_SIZE ? Number(process.env.DATABASE_POOL_SIZE) : undefined,
});
process.once('SIGTERM', () => void floor.close().then(() => process.exit(0)));
