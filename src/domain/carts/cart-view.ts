import type { Prisma } from '../../generated/prisma/client.js';
import { Prisma as P } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { linePrice, type LinePrice } from './cart-lines.js';
import type { CartItemRow, CartWithItems } from './open-cart.js';

export interface PricedCartLine extends LinePrice {
  item: CartItemRow;
}

/** A cart as the shopper sees it now: every line at today's catalogue price, and the subtotal. */
export interface CartView {
  cart: CartWithItems;
  lines: PricedCartLine[];
  /** The sum of each line's discounted unit price times its quantity; delivery and fees come at checkout. */
  subtotal: Prisma.Decimal;
}

export async function viewCart(ctx: Ctx, cart: CartWithItems): Promise<CartView> {
  return viewOf(cart, await Promise.all(cart.items.map((item) => linePrice(ctx, item.product, item.variant))));
}

/** The view of a cart whose lines are priced already, in the order of its items. */
export function viewOf(cart: CartWithItems, prices: LinePrice[]): CartView {
  const lines = cart.items.map((item, i) => ({ item, ...prices[i]! }));
  const subtotal = lines.reduce((sum, line) => sum.add(line.discountPrice.mul(line.item.quantity)), new P.Decimal(0));
  return { cart, lines, subtotal };
}
