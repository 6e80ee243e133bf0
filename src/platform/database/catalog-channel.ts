import { randomUUID } from 'node:crypto';
import { EVERY_STORE } from './catalog-writes.js';
import type { NotifyChannel } from './notify-channel.js';

export const CATALOG_CHANNEL = 'bazaar_catalog_writes';

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

export function catalogChannel(channel: NotifyChannel): CatalogChannel {
  // Each process hears its own notifications too; its own writes already replaced its versions.
  const origin = randomUUID();
  return {
    publish: (storeId) => channel.publish(`${origin} ${storeId}`),
    subscribe: (onWrite) =>
      channel.subscribe(
        (payload) => {
          const [from, storeId] = payload.split(' ');
          if (from !== origin && storeId) onWrite(storeId);
        },
        // What was announced while the connection was down is lost: every store may have changed.
        () => onWrite(EVERY_STORE),
      ),
  };
}
