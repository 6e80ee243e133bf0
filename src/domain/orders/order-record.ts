import type { Prisma, Customer, CustomerAccount, Order, OrderItem, OrderTimelineEntry } from '../../generated/prisma/client.js';

/** Where an order goes, as the order keeps it (the merchant's `shipping_address` and the storefront's `delivery_address`). */
export interface OrderAddress {
  label: string | null;
  address: string;
  latitude: number;
  longitude: number;
  country_code: string | null;
  state: string | null;
  city: string | null;
  area: string | null;
  state_id: number | null;
  area_id: number | null;
  name: string | null;
  phone: string | null;
}

/**
 * An order with everything its answers show: lines in order, the timeline oldest first, the store's
 * customer record and its account. A step writes its entries at one instant (checkout: the shopper's
 * "Awaiting payment" and the store's "New order"); within an instant the shopper's entry comes
 * first, since the entry id is a random uuid and would shuffle them from read to read.
 */
export type OrderRecord = Order & {
  items: OrderItem[];
  timeline: OrderTimelineEntry[];
  customer: (Customer & { account: CustomerAccount }) | null;
};

export const orderInclude = {
  items: { orderBy: { position: 'asc' } },
  timeline: { orderBy: [{ createdAt: 'asc' }, { audience: 'asc' }, { sequence: 'asc' }] },
  customer: { include: { account: true } },
} satisfies Prisma.OrderInclude;

/** `orderInclude`'s orders, for a record built from rows a write holds instead of read back. */
export const byPosition = (a: OrderItem, b: OrderItem) => a.position - b.position;
export const byTimelineOrder = (a: OrderTimelineEntry, b: OrderTimelineEntry) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.audience < b.audience ? -1 : a.audience > b.audience ? 1 : 0) || (a.sequence < b.sequence ? -1 : a.sequence > b.sequence ? 1 : 0);

/** The storefront's human order number. */
export const orderNoOf = (order: Pick<Order, 'number'>) => String(order.number);
