import type { NotifyChannel } from '../database/notify-channel.js';

/** PostgreSQL refuses a notification payload of 8000 bytes or more; a batch stays under it. */
const MAX_PAYLOAD_BYTES = 7_900;

type Callback = (event: CustomEvent) => void;
type CallbackOrObject = Callback | { handleEvent: Callback };

/** What Yoga's pub/sub needs of an event target, over PostgreSQL's notifications. */
export interface PostgresEventTarget {
  addEventListener(type: string, callback: CallbackOrObject | null): void;
  removeEventListener(type: string, callback: CallbackOrObject | null): void;
  dispatchEvent(event: CustomEvent): boolean;
  /** Resolves once this process listens (the LISTEN is taken on first use, so a process that only publishes holds no connection for it). */
  listening(): Promise<void>;
  /** Sends what is still queued, then stops listening. */
  close(): Promise<void>;
}

const callbackOf = (given: CallbackOrObject): Callback => ('handleEvent' in given ? given.handleEvent : given);

/**
 * Yoga's pub/sub across the processes of one PostgreSQL database, for deployments without Redis.
 * Each event is `[topic, detail]` in JSON (ids and a time, never a body); the events a process
 * publishes while a notification is on its way go together in the next one, so a burst of writes
 * costs a few notifications, one at a time, not one per write. Every listening process, the
 * publisher included, hands each event to its own subscribers of that topic.
 */
export function postgresEventTarget(channel: NotifyChannel): PostgresEventTarget {
  const callbacks = new Map<string, Set<Callback>>();
  const queue: string[] = [];
  let sending: Promise<void> | null = null;
  let listening: Promise<() => Promise<void>> | null = null;

  const hear = (payload: string) => {
    let events: unknown;
    try {
      events = JSON.parse(payload);
    } catch {
      return;
    }
    if (!Array.isArray(events)) return;
    for (const entry of events) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
      const set = callbacks.get(entry[0]);
      if (!set) continue;
      const event = new CustomEvent(entry[0], { detail: entry[1] });
      for (const callback of set) callback(event);
    }
  };

  const nextBatch = (): string => {
    const batch = [queue.shift()!];
    let bytes = Buffer.byteLength(batch[0]!) + 2;
    while (queue.length && bytes + Buffer.byteLength(queue[0]!) + 1 <= MAX_PAYLOAD_BYTES) {
      bytes += Buffer.byteLength(queue[0]!) + 1;
      batch.push(queue.shift()!);
    }
    return `[${batch.join(',')}]`;
  };

  const send = async () => {
    while (queue.length) {
      // A notification that fails loses live updates, never the writes they tell of.
      await channel.publish(nextBatch()).catch(() => undefined);
    }
    sending = null;
  };

  return {
    addEventListener(type, given) {
      if (!given) return;
      let set = callbacks.get(type);
      if (!set) callbacks.set(type, (set = new Set()));
      set.add(callbackOf(given));
    },
    removeEventListener(type, given) {
      if (!given) return;
      const set = callbacks.get(type);
      set?.delete(callbackOf(given));
      if (set?.size === 0) callbacks.delete(type);
    },
    dispatchEvent(event) {
      queue.push(JSON.stringify([event.type, event.detail ?? null]));
      sending ??= send();
      return true;
    },
    async listening() {
      listening ??= channel.subscribe(hear);
      try {
        await listening;
      } catch (error) {
        // The next subscriber tries again.
        listening = null;
        throw error;
      }
    },
    async close() {
      await sending;
      const stop = await listening?.catch(() => null);
      await stop?.();
    },
  };
}
