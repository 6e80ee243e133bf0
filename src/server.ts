import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app/build-app.js';
import { prepareShutdown } from './app/graceful-shutdown.js';
import { loadServerSecret } from './platform/crypto/server-secret.js';
import { localUrlOf } from './http/local-url.js';
import { DataDirBusyError } from './platform/database/data-dir-lock.js';
import { openDatabase } from './platform/database/database.js';
import { openKv } from './platform/kv/open-kv.js';
import { mediaServices } from './domain/media/media-services.js';
import { deliveryWorker } from './messaging/delivery-worker.js';
import { transportsOf } from './messaging/transports.js';
import { ensureDemoKeys } from './seed/demo-keys.js';
import { ensureDemoStore } from './seed/demo-store.js';

function refuseToStart(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) refuseToStart(error.message);
  throw error;
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
  holder: `bazaar server on port ${config.port}`,
}).catch((error: unknown) => {
  if (error instanceof DataDirBusyError) refuseToStart(error.message);
  throw error;
});
const log = pino({ level: config.logLevel });
const kv = openKv(config.redisUrl, { commandTimeoutMs: config.redisCommandTimeoutMs, log: log.child({ component: 'kv' }) });
const secret = await loadServerSecret(database.prisma, config.secret);

const media = mediaServices(config);

let demo: Awaited<ReturnType<typeof ensureDemoStore>> | undefined;
let demoKeys: { public: string; private: string } | undefined;
if (config.demo) {
  const operator = { db: database.prisma, now: new Date() };
  demo = await ensureDemoStore(operator, media);
  demoKeys = await ensureDemoKeys(operator, demo.store, secret);
}

const app = await buildApp({ config, database, kv, media, secret, demoPublicKey: demoKeys?.public }, { loggerInstance: log });

const messageLog = log.child({ component: 'messages' });
const messages = deliveryWorker(database.prisma, transportsOf(config.messages, messageLog), {
  retentionHours: config.messages.retentionHours,
  log: messageLog,
});
const shutDown = prepareShutdown(app, { graceMs: config.shutdownGraceMs, release: [() => messages.stop(), () => kv.close(), () => database.close()] });
let closing = false;
function onSignal(signal: NodeJS.Signals) {
  // npm passes on the Ctrl-C the terminal also sent, so a repeated signal is the same request to stop.
  if (closing) return;
  closing = true;
  // Should releasing the database or the KV hang, the process still ends.
  setTimeout(() => process.exit(1), config.shutdownGraceMs + 10_000).unref();
  shutDown(signal).then(
    () => process.exit(0),
    (error: unknown) => {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

await app.listen({ port: config.port, host: config.host });
const localUrl = localUrlOf(app.server.address());
if (localUrl) database.announceServer(localUrl);
messages.start();

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
const lines = [
  '',
  `Bazaar is listening on ${config.publicUrl}`,
  `  database:  ${where}`,
  `  shared KV: ${config.redisUrl ? 'Redis (REDIS_URL)' : 'in memory (one process)'}`,
  `  GraphiQL:  ${config.publicUrl}/graphql`,
  `  REST:      ${config.publicUrl}/v1 (storefront), ${config.publicUrl}/api/v1/merchant (merchant)`,
];
if (config.devMailbox) lines.push(`  mailbox:   ${config.publicUrl}/dev/mailbox (sign-in codes and emails; development only, DEV_MAILBOX)`);
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
