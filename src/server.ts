import { loadConfig } from './config.js';
import { buildApp } from './app/build-app.js';
import { loadServerSecret } from './platform/crypto/server-secret.js';
import { DataDirBusyError } from './platform/database/data-dir-lock.js';
import { openDatabase } from './platform/database/database.js';
import { openKv } from './platform/kv/open-kv.js';
import { ensureDemoKeys } from './seed/demo-keys.js';
import { ensureDemoStore } from './seed/demo-store.js';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
  holder: `bazaar server on port ${config.port}`,
}).catch((error: unknown) => {
  if (!(error instanceof DataDirBusyError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
const kv = openKv(config.redisUrl);
const secret = await loadServerSecret(database.prisma, config.secret);

let demo: Awaited<ReturnType<typeof ensureDemoStore>> | undefined;
let demoKeys: { public: string; private: string } | undefined;
if (config.demo) {
  const operator = { db: database.prisma, now: new Date() };
  demo = await ensureDemoStore(operator);
  demoKeys = await ensureDemoKeys(operator, demo.store, secret);
}

const app = await buildApp({ config, database, kv, secret, demoPublicKey: demoKeys?.public });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await kv.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
const lines = [
  '',
  `Bazaar is listening on ${config.publicUrl}`,
  `  database:  ${where}`,
  `  shared KV: ${config.redisUrl ? 'Redis (REDIS_URL)' : 'in memory (one process)'}`,
  `  GraphiQL:  ${config.publicUrl}/graphql`,
  `  REST:      ${config.publicUrl}/v1 (storefront), ${config.publicUrl}/api/v1/merchant (merchant)`,
];
if (demo && demoKeys) {
  lines.push(
    '',
    `Demo store "${demo.store.name}" (${demo.store.slug})${demo.created ? ', created with its catalogue just now' : ''}. Its keys, the same at every start on this database:`,
    `  public key:  ${demoKeys.public}`,
    `  private key: ${demoKeys.private}   (every merchant scope; keep it server-side)`,
    '  Both derive from the signing secret: the demo is for development; run real deployments with BAZAAR_DEMO=0.',
    '',
    `  curl -H 'X-Client-Key: ${demoKeys.public}' ${config.publicUrl}/v1/store/products?per_page=2`,
  );
}
process.stdout.write(`${lines.join('\n')}\n\n`);
