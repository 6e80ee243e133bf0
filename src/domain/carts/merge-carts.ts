import type { TransactionCtx } from '../transaction.js';
import { sessionHashOf } from './cart-owner.js';
import { findOpenCart, openCartFor } from './open-cart.js';

/**
 * Signing in takes the shopper's signed-out cart along: its lines join the customer's cart at this
 * store. A line both carts hold keeps the larger quantity (not the sum, so signing in again with the
 * same session never doubles a line); lines only the session cart holds are added after the
 * customer's own. The session cart is then closed as merged. A session value naming no cart, or a
 * malformed one, changes nothing: it must never stop a sign-in.
 */
export async function mergeSessionCart(tx: TransactionCtx, sessionToken: string, customerId: number): Promise<void> {
  let sessionHash: string;
  try {
    sessionHash = sessionHashOf(sessionToken);
  } catch {
    return;
  }
  const guest = await findOpenCart(tx, { kind: 'session', sessionHash });
  if (!guest) return;
  const { cart } = await openCartFor(tx, { kind: 'customer', customerId });
  const key = (productId: string, variantId: string | null) => `${productId}\u0000${variantId ?? ''}`;
  const own = new Map(cart.items.map((i) => [key(i.productId, i.variantId), i]));
  let position = cart.items.length;
  for (const line of guest.items) {
    const mine = own.get(key(line.productId, line.variantId));
    if (mine) {
      if (line.quantity > mine.quantity) await tx.db.cartItem.update({ where: { id: mine.id }, data: { quantity: line.quantity } });
    } else {
      await tx.db.cartItem.update({ where: { id: line.id }, data: { cartId: cart.id, position: position++ } });
    }
  }
  await tx.db.cart.update({ where: { id: guest.id }, data: { status: 'merged', openKey: null, updatedAt: tx.now } });
  await tx.db.cart.update({ where: { id: cart.id }, data: { isValid: true, validationErrors: [] } });
}
