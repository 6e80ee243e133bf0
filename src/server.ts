import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app/build-app.js';
import { prepareShutdown } from './app/graceful-shutdown.js';
import { loadServerSecret } from './platform/crypto/server-secret.js';
import { localUrlOf } from './http/local-url.js';
import { DataDirBusyError } from './platform/database/data-dir-lock.js';
import { openDatabase } from './platform/database/database.js';
import { openKv } from './platform/kv/open-kv.js';
import { loggedSteps } from './platform/timed-steps.js';
import { mediaServices } from './domain/media/media-services.js';
import { deliveryWorker } from './messaging/delivery-worker.js';
import { appDataPurge } from './domain/apps/purge-job.js';
import { transportsOf } from './messaging/transports.js';
import { webhookRelay } from './webhooks/relay.js';
import { ensureDemoKeys } from './seed/demo-keys.js';
import { ensureDemoStore } from './seed/demo-store.js';

// Node's clock starts with the process: this is how long starting Node and loading the modules took.
const modulesLoadedMs = performance.now();

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
const log = pino({ level: config.logLevel });
log.info({ step: 'modules', ms: Math.round(modulesLoadedMs) }, `start: modules ${(modulesLoadedMs / 1000).toFixed(1)} s`);
const timed = loggedSteps(log, 'start');
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
  limits: config.database,
  holder: `bazaar server on port ${config.port}`,
  timed,
}).catch((error: unknown) => {
  if (error instanceof DataDirBusyError) refuseToStart(error.message);
  throw error;
});
const kv = openKv(config.redisUrl, { commandTimeoutMs: config.redisCommandTimeoutMs, log: log.child({ component: 'kv' }) });
const secret = await timed('secret', () => loadServerSecret(database.prisma, config.secret));

const media = mediaServices(config);

// The server listens before it makes the demo store, so /health/ready can answer 503 until the start is done.
let starting: string | null = config.demo ? 'the demo store' : null;
let demo: Awaited<ReturnType<typeof ensureDemoStore>> | undefined;
let demoKeys: { public: string; private: string } | undefined;
const app = await timed('app', () =>
  buildApp({ config, database, kv, media, secret, demoPublicKey: () => demoKeys?.public, starting: () => starting }, { loggerInstance: log }),
);

const messageLog = log.child({ component: 'messages' });
const messages = deliveryWorker(database.prisma, transportsOf(config.messages, messageLog), {
  retentionHours: config.messages.retentionHours,
  log: messageLog,
});
const purge = appDataPurge(database.prisma, log.child({ component: 'app-data-purge' }));
const webhooks = webhookRelay(database.prisma, {
  serverSecret: secret,
  retryScheduleS: config.webhooks.retryScheduleS,
  allow: config.media.fetchAllow,
  log: log.child({ component: 'webhooks' }),
});
const shutDown = prepareShutdown(app, {
  graceMs: config.shutdownGraceMs,
  release: [() => messages.stop(), () => purge.stop(), () => webhooks.stop(), () => kv.close(), () => database.close()],
});
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

await timed('listen', () => app.listen({ port: config.port, host: config.host }));
const localUrl = localUrlOf(app.server.address());
if (localUrl) database.announceServer(localUrl);
if (config.demo) {
  const operator = { db: database.prisma, now: new Date() };
  const made = await timed(
    'demo store',
    () => ensureDemoStore(operator, media),
    (result) => ({ created: result.created, note: result.created ? 'created and seeded' : 'exists' }),
  );
  demo = made;
  demoKeys = await timed('demo keys', () => ensureDemoKeys(operator, made.store, secret));
}
starting = null;
messages.start();
purge.start();
webhooks.start();
// Each process flushes its own buffer (and, with Redis, whatever tallies it finds first) every TRAFFIC_FLUSH_S.
app.traffic.start();
log.info({ step: 'ready', ms: Math.round(performance.now()) }, `start: ready in ${(performance.now() / 1000).toFixed(1)} s`);

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
