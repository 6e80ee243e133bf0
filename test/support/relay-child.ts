// A relay process for the SIGKILL test (test/webhooks/relay-sigkill.test.ts): the relay of one
// store on the test's PostgreSQL, with a short lease so what a killed process held is sent again
// within seconds. It runs until it is killed.
import { pino } from 'pino';
import { openDatabase } from '../../src/platform/database/database.js';
import { loadServerSecret } from '../../src/platform/crypto/server-secret.js';
import { webhookRelay } from '../../src/webhooks/relay.js';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL! });
const relay = webhookRelay(database.prisma, {
  serverSecret: await loadServerSecret(database.prisma, undefined),
  retryScheduleS: [1, 1, 1, 1, 1],
  allow: [process.env.RELAY_ALLOW!],
  storeIds: [process.env.RELAY_STORE_ID!],
  leaseMs: 2_000,
  log: pino({ level: 'error' }, pino.destination(2)),
});
relay.start({ busyMs: 20, idleMaxMs: 20 });
process.stdout.write('relay running\n');
