import type { Ctx } from '../context.js';
import type { OrderRecord } from '../orders/order-record.js';
import { isPayable } from '../orders/order-process.js';

/** Where the shopper pays an order that is waiting for an online payment; null for any other. REST, GraphQL and the hosted pages all answer it. */
export function payLinkOf(ctx: Ctx, order: OrderRecord): string | null {
  if (!ctx.payments || !isPayable(order)) return null;
  return ctx.payments.payLink({ order, storeName: ctx.store.name, publicUrl: ctx.settings.publicUrl, secret: ctx.secret });
}
