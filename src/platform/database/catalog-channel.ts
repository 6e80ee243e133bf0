import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { EVERY_STORE } from './catalog-writes.js';

const CHANNEL = 'bazaar_catalog_writes';
/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;

/**
 * PostgreSQL's own notifications as the bus for catalogue writes between processes that share no
 * Redis: a process tells the others which store it changed (after the commit), and every process
 * that listens replaces that store's catalogue version in its own memory. Notifications are not
 * kept for a listener that is away, so one that reconnects treats every store as changed.
 */
export interface CatalogChannel {
  publish(storeId: string): Promise<void>;
  /** Calls `onWrite` for every store another process announces; answers once listening, with the stop. */
  subscribe(onWrite: (storeId: string) => void): Promise<() => Promise<void>>;
}

export function catalogChannel(pool: pg.Pool, connectionString: string): CatalogChannel {
  // Each process hears its own notifications too; its own writes already replaced its versions.
  const origin = randomUUID();
  return {
    async publish(storeId) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, `${origin} ${storeId}`]);
    },
    async subscribe(onWrite) {
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const listen = async (): Promise<void> => {
        const next = new pg.Client({ connectionString });
        next.on('notification', (message) => {
          const [from, storeId] = (message.payload ?? '').split(' ');
          if (from !== origin && storeId) onWrite(storeId);
        });
        next.on('error', () => {
          if (stopped || client !== next) return;
          client = null;
          void next.end().catch(() => undefined);
          retry = setTimeout(() => void reconnect(), RECONNECT_MS);
        });
        await next.connect();
        await next.query(`LISTEN ${CHANNEL}`);
        client = next;
      };
      const reconnect = async () => {
        try {
          await listen();
          // What was announced while the connection was down is lost: every store may have changed.
          onWrite(EVERY_STORE);
        } catch {
          if (!stopped) retry = setTimeout(() => void reconnect(), RECONNECT_MS);
        }
      };
      await listen();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => undefined);
      };
    },
  };
}
