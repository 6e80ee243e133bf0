import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';

/** What a live subscriber hears of one order event: which order, what happened, and when. */
export interface LiveOrderEvent {
  orderUid: string;
  topic: string;
  occurredAt: string;
}

/** One channel per store: a subscriber is only ever handed its own store's events. */
type Channels = { 'bazaar-orders': [storeId: string, event: LiveOrderEvent] };

export interface LiveEvents {
  /** True when events cross processes (Redis pub/sub); false when they reach this process only. */
  readonly shared: boolean;
  publish(storeId: string, event: LiveOrderEvent): void;
  /**
   * The store's order events from now on. It answers once listening has begun (on Redis, once the
   * SUBSCRIBE has been taken), so what the caller reads next cannot miss an event published after it.
   */
  listen(storeId: string): Promise<AsyncIterator<LiveOrderEvent, undefined>>;
  /** Ends every stream listening now, so a closing server is not held open by its subscribers. */
  endStreams(): Promise<void>;
  close(): Promise<void>;
}

function redisClient(url: string): Redis {
  const client = new Redis(url);
  // ioredis reconnects and subscribes again by itself; meanwhile live updates are lost, never writes.
  client.on('error', () => undefined);
  return client;
}

/**
 * Yoga's own pub/sub for GraphQL subscriptions and the hosted pages: in this process's memory, or
 * with a Redis URL through `@graphql-yoga/redis-event-target`, whose two connections (one
 * publishes, one is held in subscriber mode) carry every process's events to every other.
 */
export function openLiveEvents(redisUrl: string | undefined): LiveEvents {
  const clients = redisUrl ? { publishClient: redisClient(redisUrl), subscribeClient: redisClient(redisUrl) } : null;
  const pubsub = createPubSub<Channels>(clients ? { eventTarget: createRedisEventTarget(clients) } : undefined);
  const open = new Set<AsyncIterator<LiveOrderEvent, undefined>>();
  return {
    shared: clients !== null,
    publish: (storeId, event) => pubsub.publish('bazaar-orders', storeId, event),
    async listen(storeId) {
      const iterator = pubsub.subscribe('bazaar-orders', storeId)[Symbol.asyncIterator]();
      // A repeater starts listening at its first pull; the pull is kept and handed on as the first event.
      const first = iterator.next();
      // Redis answers commands of one connection in order: the PING's answer means the SUBSCRIBE was taken.
      if (clients) {
        await clients.subscribeClient.ping().catch(async (error: unknown) => {
          await iterator.return?.();
          throw error;
        });
      }
      let pulled = false;
      const stream = {
        next: () => (pulled ? iterator.next() : ((pulled = true), first)),
        return: () => {
          open.delete(stream);
          return iterator.return?.() ?? Promise.resolve({ done: true, value: undefined });
        },
      } as AsyncIterator<LiveOrderEvent, undefined>;
      open.add(stream);
      return stream;
    },
    async endStreams() {
      await Promise.all([...open].map((stream) => stream.return?.()));
    },
    async close() {
      if (!clients) return;
      await Promise.all([clients.publishClient, clients.subscribeClient].map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}

/**
 * A stream's events mapped by `each` (null skips one), after `first` when given. Written as an
 * iterator rather than a generator: a generator waiting for the next event would only see its
 * `return` once another event came, so a client that left would hold its subscription until then.
 */
export function feedOf<T>(
  stream: AsyncIterator<LiveOrderEvent, undefined>,
  each: (event: LiveOrderEvent) => Promise<T | null>,
  first?: T,
): AsyncIterableIterator<T, undefined> {
  let initial = first;
  const feed: AsyncIterableIterator<T, undefined> = {
    async next() {
      if (initial !== undefined) {
        const value = initial;
        initial = undefined;
        return { done: false, value };
      }
      for (;;) {
        const next = await stream.next();
        if (next.done) return { done: true, value: undefined };
        const value = await each(next.value);
        if (value !== null) return { done: false, value };
      }
    },
    async return() {
      await stream.return?.();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => feed,
  };
  return feed;
}
