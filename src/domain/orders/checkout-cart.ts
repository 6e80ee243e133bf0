import { uuidPattern } from '../../platform/validation/text-rules.js';
import { findLiveCartById, type CartWithItems } from '../carts/open-cart.js';
import type { Ctx } from '../context.js';
import { orderInclude, type OrderRecord } from './order-record.js';

export type CartAtCheckout = { kind: 'open'; cart: CartWithItems } | { kind: 'ordered'; order: OrderRecord };

/**
 * What the hosted checkout address of a cart leads to: the open cart to check out, or the order it
 * already became (a shopper coming back, or the form sent twice). An unknown, expired or merged
 * cart leads nowhere.
 */
export async function cartAtCheckout(ctx: Ctx, cartId: string): Promise<CartAtCheckout | null> {
  if (!uuidPattern.test(cartId)) return null;
  const cart = await findLiveCartById(ctx, cartId);
  if (cart) return { kind: 'open', cart };
  const order = await ctx.db.order.findFirst({ where: { cartId: cartId.toLowerCase() }, include: orderInclude });
  return order ? { kind: 'ordered', order } : null;
}
