import type { FastifyInstance } from 'fastify';
import { drainConnectionsOnClose } from '../http/connection-drain.js';

export interface ShutdownOptions {
  /** How long requests in flight may take to finish before their connections are closed. */
  graceMs: number;
  /** What the requests use, closed once they are all answered, in this order. */
  release: (() => Promise<void>)[];
}

/** How long, at most, connections accepted just before the signal get to send their request. */
const SETTLE_MS = 1000;

/**
 * Prepares the shutdown of a server that is not listening yet; the answer runs it. It lets the
 * requests clients already sent arrive, stops accepting connections and closes idle ones,
 * answers the requests in flight (and those still arriving on open connections, with
 * Connection: close) within the grace period, closes what is still open after it, then releases
 * the database and the KV.
 */
export function prepareShutdown(app: FastifyInstance, { graceMs, release }: ShutdownOptions): (signal: string) => Promise<void> {
  const drain = drainConnectionsOnClose(app.server);
  return async (signal) => {
    app.log.info({ signal, graceMs }, 'shutting down: finishing the requests in flight');
    await drain.settle(Math.min(SETTLE_MS, graceMs));
    const cutOff = setTimeout(() => {
      app.log.warn({ graceMs }, 'grace period over: closing the connections still open');
      app.server.closeAllConnections();
    }, graceMs);
    try {
      await app.close();
    } finally {
      clearTimeout(cutOff);
    }
    for (const close of release) await close();
    app.log.info('shut down');
  };
}
