import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { loadServerSecret } from '../platform/crypto/server-secret.js';
import { webhookRelay } from '../webhooks/relay.js';
import type { CommandModule } from './command.js';

/**
 * The webhook relay alone, for scale-out beside (or instead of) the servers' own: it runs until
 * SIGINT or SIGTERM, then finishes the pass under way. Several may run on one PostgreSQL; on the
 * embedded database the server already runs the relay and holds the data directory.
 */
export const worker: CommandModule = {
  async run(io) {
    const config = loadConfig();
    const ctx = await io.operator();
    const serverSecret = await loadServerSecret(ctx.db, config.secret);
    const log = pino({ level: config.logLevel }, pino.destination(2));
    const relay = webhookRelay(ctx.db, {
      serverSecret,
      retryScheduleS: config.webhooks.retryScheduleS,
      allow: config.media.fetchAllow,
      log: log.child({ component: 'webhooks' }),
    });
    const stopped = new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    relay.start();
    io.progress({ json: { worker: 'running' }, text: 'The webhook relay is running; SIGINT or SIGTERM stops it.' });
    const signal = await stopped;
    await relay.stop();
    return { json: { stopped: signal }, text: `The webhook relay stopped (${signal}).` };
  },
};
