import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub, type PubSubEventTarget } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { NotifyChannel } from '../database/notify-channel.js';
import { postgresEventTarget } from './postgres-event-target.js';

/** What a live subscriber hears of one order event: which order, what happened, and when. */
export interface LiveOrderEvent {
  orderUid: string;
  topic: string;
  occurredAt: string;
}

/** PostgreSQL's notification channel of live order events, on PostgreSQL without Redis. */
export const LIVE_ORDERS_CHANNEL = 'bazaar_live_orders';

/** One channel per store: a subscriber is only ever handed its own store's events. */
type Channels = { 'bazaar-orders': [storeId: string, event: LiveOrderEvent] };

export interface LiveEvents {
  /** True when events cross processes (Redis pub/sub or PostgreSQL's notifications); false when they reach this process only. */
  readonly shared: boolean;
  publish(storeId: string, event: LiveOrderEvent): void;
  /**
   * The store's order events from now on. It answers once listening has begun (on Redis, once the
   * SUBSCRIBE has been taken; on PostgreSQL, once the LISTEN has), so what the caller reads next
   * cannot miss an event published after it.
   */
  listen(storeId: string): Promise<AsyncIterator<LiveOrderEvent, undefined>>;
  /** Ends every stream listening now, so a closing server is not held open by its subscribers. */
  endStreams(): Promise<void>;
  close(): Promise<void>;
}

/** Connected at its first command, so a process that never publishes or never listens holds no connection for it. */
function redisClient(url: string): Redis {
  const client = new Redis(url, { lazyConnect: true });
  // ioredis reconnects and subscribes again by itself; meanwhile live updates are lost, never writes.
  client.on('error', () => undefined);
  return client;
}

/** How events leave this process and come back to it; none keeps them in this process's memory. */
interface Transport {
  eventTarget: PubSubEventTarget<Channels>;
  /** Resolves once events published from now on reach this process's subscribers. */
  listening(): Promise<void>;
  /** Sends what is queued, then lets its connections go. */
  close(): Promise<void>;
}

/**
 * Through Redis (`@graphql-yoga/redis-event-target`): one connection publishes, one is held in
 * subscriber mode; a process that only publishes (the CLI) opens the first alone. Redis answers
 * commands of one connection in order: the PING's answer means the SUBSCRIBE before it was taken.
 */
function redisTransport(url: string): Transport {
  const publishClient = redisClient(url);
  const subscribeClient = redisClient(url);
  return {
    eventTarget: createRedisEventTarget({ publishClient, subscribeClient }),
    listening: async () => {
      await subscribeClient.ping();
    },
    async close() {
      await Promise.all(
        [publishClient, subscribeClient].map((client) =>
          client.status === 'wait' ? client.disconnect() : client.quit().catch(() => client.disconnect()),
        ),
      );
    },
  };
}

function postgresTransport(channel: NotifyChannel): Transport {
  const target = postgresEventTarget(channel);
  return { eventTarget: target as unknown as PubSubEventTarget<Channels>, listening: () => target.listening(), close: () => target.close() };
}

/**
 * Yoga's own pub/sub for GraphQL subscriptions and the hosted pages, shared by every process of
 * the deployment by the rule the catalogue cache follows: through Redis when `REDIS_URL` is set;
 * else, on PostgreSQL (`channelOf`), through its notifications on `bazaar_live_orders`; else (the
 * embedded engine, one process) in this process's memory. Each process publishes its own committed
 * events on that one path and each hears them back from it, so a subscriber hears an event once.
 */
export function openLiveEvents(redisUrl: string | undefined, channelOf: ((name: string) => NotifyChannel) | null): LiveEvents {
  const transport = redisUrl ? redisTransport(redisUrl) : channelOf ? postgresTransport(channelOf(LIVE_ORDERS_CHANNEL)) : null;
  const pubsub = createPubSub<Channels>(transport ? { eventTarget: transport.eventTarget } : undefined);
  const open = new Set<AsyncIterator<LiveOrderEvent, undefined>>();
  return {
    shared: transport !== null,
    publish: (storeId, event) => pubsub.publish('bazaar-orders', storeId, event),
    async listen(storeId) {
      const iterator = pubsub.subscribe('bazaar-orders', storeId)[Symbol.asyncIterator]();
      // A repeater starts listening at its first pull; the pull is kept and handed on as the first event.
      const first = iterator.next();
      if (transport) {
        await transport.listening().catch(async (error: unknown) => {
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
      await transport?.close();
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
