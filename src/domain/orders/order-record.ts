import type { Prisma, Customer, CustomerAccount, Order, OrderItem, OrderTimelineEntry } from '../../generated/prisma/client.js';

/** An order with everything its answers show: lines in order, the timeline oldest first, the store's customer record and its account. */
export type OrderRecord = Order & {
  items: OrderItem[];
  timeline: OrderTimelineEntry[];
  customer: (Customer & { account: CustomerAccount }) | null;
};

export const orderInclude = {
  items: { orderBy: { position: 'asc' } },
  timeline: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  customer: { include: { account: true } },
} satisfies Prisma.OrderInclude;

/** The storefront's human order number. */
export const orderNoOf = (order: Pick<Order, 'number'>) => String(order.number);
