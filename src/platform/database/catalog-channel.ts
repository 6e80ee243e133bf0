import { randomUUID } from 'node:crypto';
import type { CachedReadsScope } from './catalog-models.js';
import { EVERY_STORE } from './catalog-writes.js';
import type { NotifyChannel } from './notify-channel.js';

export const CATALOG_CHANNEL = 'bazaar_catalog_writes';

/** A write another process is told of: of the store's facts and catalogue, of its catalogue alone, or of some products' stock. */
export type CatalogWrite = CachedReadsScope | { stock: string[] };

/**
 * PostgreSQL's own notifications as the bus for catalogue writes between processes that share no
 * Redis: a process tells the others which store it changed and how (after the commit), and every
 * process that listens replaces that store's tokens in its own memory: its version, with its facts
 * token for a write of its facts, or for a stock write the products' stock tokens instead
 * (catalog-cache.ts). Notifications are not kept for a listener that is away, so one that
 * reconnects treats every store as changed.
 */
export interface CatalogChannel {
  publish(storeId: string, write: CatalogWrite): Promise<void>;
  /** Calls `onWrite` for every write another process announces; answers once listening, with the stop. */
  subscribe(onWrite: (storeId: string, write: CatalogWrite) => void): Promise<() => Promise<void>>;
}

/** A notification's payload is at most 8000 bytes: a stock write of more products than fit is told as the store's catalogue write. */
const MAX_PAYLOAD = 7900;

/**
 * A payload is `origin store [what]`: `what` is `catalog`, or the products' ids of a stock write;
 * without it, the store's facts changed, the reading that keeps nothing too long whatever was meant.
 */
const CATALOG_ONLY = 'catalog';

function writeOf(what: string | undefined): CatalogWrite {
  if (!what) return 'facts';
  return what === CATALOG_ONLY ? 'catalog' : { stock: what.split(',') };
}

export function catalogChannel(channel: NotifyChannel): CatalogChannel {
  // Each process hears its own notifications too; its own writes already replaced its versions.
  const origin = randomUUID();
  return {
    publish: (storeId, write) => {
      const stock = typeof write === 'object' && write.stock.length ? `${origin} ${storeId} ${write.stock.join(',')}` : null;
      if (stock && stock.length <= MAX_PAYLOAD) return channel.publish(stock);
      return channel.publish(write === 'facts' ? `${origin} ${storeId}` : `${origin} ${storeId} ${CATALOG_ONLY}`);
    },
    subscribe: (onWrite) =>
      channel.subscribe(
        (payload) => {
          const [from, storeId, what] = payload.split(' ');
          if (from !== origin && storeId) onWrite(storeId, writeOf(what));
        },
        // What was announced while the connection was down is lost: every store may have changed.
        () => onWrite(EVERY_STORE, 'facts'),
      ),
  };
}
