import { requireScope } from '../../auth/requirements.js';
import type { Ctx } from '../../domain/context.js';
import { findMyOrder, findStoreOrder } from '../../domain/orders/find-order.js';
import type { OrderRecord } from '../../domain/orders/order-record.js';
import { createLoaders } from '../../domain/loaders.js';
import { feedOf, type LiveOrderEvent } from '../../platform/live/live-events.js';
import { builder, customerField, merchantScope } from '../builder.js';
import type { GraphqlContext } from '../graphql-context.js';
import { MerchantOrder } from './merchant-orders.js';
import { Order } from './order-type.js';

const ORDERS_READ = 'merchant-orders-read';

interface MerchantOrderEvent {
  topic: string;
  occurredAt: Date;
  order: OrderRecord;
}

const MerchantOrderEventType = builder.objectRef<MerchantOrderEvent>('MerchantOrderEvent').implement({
  description: 'One committed order event of the store: its webhook topic, when it happened, and the order as it stands when the event is sent.',
  fields: (t) => ({
    topic: t.exposeString('topic', { description: 'The webhook topic: orders/create, orders/paid, orders/updated, orders/cancelled or orders/fulfilled.' }),
    occurredAt: t.field({ type: 'DateTime', resolve: (event) => event.occurredAt }),
    order: t.field({ type: MerchantOrder, resolve: (event) => event.order }),
  }),
});

/**
 * Each event's reads see the order as it stands then: a fresh clock and fresh loaders, which would
 * otherwise keep what the first event read for the whole life of the stream. The subscription's
 * context is handed to the fields of every event, so it is renewed before each one is sent.
 */
function renew(context: GraphqlContext): Ctx {
  const now = new Date();
  context.ctx = { ...context.ctx, now, loaders: createLoaders(context.ctx.db, now) };
  return context.ctx;
}

/**
 * The store's order events from the moment it answers (listening has begun, so the HTTP answer
 * starts only once nothing more can be missed), mapped by `each`, after `first` when given.
 */
async function liveFeed<T>(context: GraphqlContext, each: (event: LiveOrderEvent) => Promise<T | null>, first?: T): Promise<AsyncIterable<T>> {
  return feedOf(await context.live.listen(context.ctx.store.id), each, first);
}

builder.subscriptionType({
  description:
    'Live order updates over Server-Sent Events (send Accept: text/event-stream): each committed change is sent once it has committed, on every server process (through Redis when REDIS_URL is set).',
});

builder.subscriptionField('orderUpdated', (t) =>
  t.field({
    ...customerField,
    type: Order,
    description:
      "The signed-in shopper's order by uuid or number: first as it stands, then again after every committed change. Another customer's order, or another store's, is not_found.",
    args: { id: t.arg.string({ required: true, description: 'The order’s uuid or its number.' }) },
    subscribe: async (_root, args, context) => {
      await context.signIn(true);
      const order = await findMyOrder(context.ctx, args.id);
      const changed = (event: LiveOrderEvent) => (event.orderUid === order.uid ? findMyOrder(renew(context), order.uid) : Promise.resolve(null));
      return liveFeed(context, changed, order);
    },
    resolve: (order) => order as OrderRecord,
  }),
);

builder.subscriptionField('orderEvents', (t) =>
  t.field({
    ...merchantScope(ORDERS_READ),
    type: MerchantOrderEventType,
    description: "Every committed order event of the key's store from the moment of the call, each with the order as the merchant reads it.",
    subscribe: async (_root, _args, context) => {
      requireScope(context.ctx.principal, ORDERS_READ);
      return liveFeed(context, async (event): Promise<MerchantOrderEvent> => {
        const order = await findStoreOrder(renew(context), event.orderUid);
        return { topic: event.topic, occurredAt: new Date(event.occurredAt), order };
      });
    },
    resolve: (event) => event as MerchantOrderEvent,
  }),
);
