import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../platform/database/database.js';
import type { Topic } from './events.js';

/** An outbox event of a transaction that has committed, as this process wrote it. */
export interface CommittedEvent {
  storeId: string;
  topic: Topic;
  payload: unknown;
  occurredAt: Date;
}

type Listener = (events: CommittedEvent[]) => void;

const listeners = new WeakMap<Db, Set<Listener>>();

/** The events a transaction wrote in its outbox, told once it has committed and never after a rollback. */
const written = new AsyncLocalStorage<CommittedEvent[]>();

/**
 * Calls `listener` with the outbox events of each transaction of `db` this process commits (live
 * subscriptions, which need no durability: the outbox is what webhooks are delivered from); answers
 * the unsubscribe. A listener that throws is the listener's problem, never the committed write's.
 */
export function onCommittedEvents(db: Db, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Records events the running transaction wrote; outside `tellingCommittedEvents` there is nobody to tell. */
export function noteWrittenEvents(events: CommittedEvent[]): void {
  written.getStore()?.push(...events);
}

/**
 * Runs one transaction and, once it has committed, tells `db`'s listeners the events it wrote. A
 * transaction that throws rolled back, and its events are dropped with it. Each transaction keeps
 * its own record, so a transaction opened inside another (another store's) is told on its own commit.
 */
export async function tellingCommittedEvents<T>(db: Db, transaction: () => Promise<T>): Promise<T> {
  const events: CommittedEvent[] = [];
  const result = await written.run(events, transaction);
  const set = listeners.get(db);
  if (events.length && set) {
    for (const listener of set) {
      try {
        listener(events);
      } catch {
        // A live listener that fails loses a live update; the write and its outbox events stand.
      }
    }
  }
  return result;
}
