import { randomUUID } from 'node:crypto';
import { EVERY_STORE } from './catalog-writes.js';
import type { NotifyChannel } from './notify-channel.js';

export const CATALOG_CHANNEL = 'bazaar_catalog_writes';

/**
 * PostgreSQL's own notifications as the bus for catalogue writes between processes that share no
 * Redis: a process tells the others which store it changed (after the commit), and every process
 * that listens replaces that store's catalogue version in its own memory; for a stock write, the
 * products' stock tokens instead (catalog-cache.ts). Notifications are not kept for a listener that
 * is away, so one that reconnects treats every store as changed.
 */
export interface CatalogChannel {
  /** Tells of a catalogue write of the store, or with `productIds` of a stock write of those products. */
  publish(storeId: string, productIds?: string[]): Promise<void>;
  /** Calls `onWrite` for every write another process announces; answers once listening, with the stop. */
  subscribe(onWrite: (storeId: string, productIds?: string[]) => void): Promise<() => Promise<void>>;
}

/** A notification's payload is at most 8000 bytes: a stock write of more products than fit is told as the store's catalogue write. */
const MAX_PAYLOAD = 7900;

export function catalogChannel(channel: NotifyChannel): CatalogChannel {
  // Each process hears its own notifications too; its own writes already replaced its versions.
  const origin = randomUUID();
  return {
    publish: (storeId, productIds) => {
      const stock = productIds?.length ? `${origin} ${storeId} ${productIds.join(',')}` : null;
      return channel.publish(stock && stock.length <= MAX_PAYLOAD ? stock : `${origin} ${storeId}`);
    },
    subscribe: (onWrite) =>
      channel.subscribe(
        (payload) => {
          const [from, storeId, products] = payload.split(' ');
          if (from !== origin && storeId) onWrite(storeId, products ? products.split(',') : undefined);
        },
        // What was announced while the connection was down is lost: every store may have changed.
        () => onWrite(EVERY_STORE),
      ),
  };
}
