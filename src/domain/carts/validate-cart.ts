import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import { checkLines, refusalMessages } from './cart-lines.js';
import { cartOwnerOf } from './cart-owner.js';
import { viewCart, type CartView } from './cart-view.js';
import { findCart, reloadCart, type CartWithItems } from './open-cart.js';

/** One finding of a validation: which line, what changed, and the value before and after. */
export interface ValidationFinding {
  line: number;
  item_id: string;
  variant_id: string | null;
  code: 'price_changed' | 'sold_out' | 'insufficient_stock' | 'not_available' | 'not_found' | 'variant_not_found';
  message: string;
  old_value: number | null;
  new_value: number | null;
}

/**
 * POST /store/cart/validate: re-checks every line against current stock, publication and price.
 * Lines stay as they are (the shopper decides what to do); the findings are kept on the cart with
 * the time, and each line's seen price becomes today's, so a price change is reported once.
 */
export async function validateCart(ctx: Ctx, input: { cartId: string; sessionToken?: string }): Promise<CartView> {
  const owner = cartOwnerOf(ctx, input.sessionToken);
  const cart = await findCart(ctx, owner, input.cartId);
  if (!cart) throw ApiError.notFound('Cart');
  return revalidateCart(ctx, cart);
}

/**
 * The validation of a cart already found; checkout runs it before it takes any money, with
 * `atCheckout`: a cart that was valid and still is, at the prices the shopper saw, then has nothing
 * to record but the time, which the checkout closing it does not keep, so it writes nothing and
 * saves a transaction per order.
 */
export async function revalidateCart(ctx: Ctx, cart: CartWithItems, options: { atCheckout?: boolean } = {}): Promise<CartView> {
  const view = await viewCart(ctx, cart);
  const checks = await checkLines(
    ctx,
    cart.items.map((i) => ({ itemId: i.productId, variantId: i.variantId, quantity: i.quantity })),
    cart.items.map((i) => i.product),
  );
  const findings: ValidationFinding[] = [];
  for (const [line, { item, discountPrice }] of view.lines.entries()) {
    const at = { line, item_id: item.productId, variant_id: item.variantId };
    const check = checks[line]!;
    if (!check.ok) {
      const reason = check.reason === 'invalid_quantity' || check.reason === 'variant_required' ? 'not_available' : check.reason;
      const left = reason === 'insufficient_stock' ? (item.variant ? item.variant.stock : item.product.stock) : reason === 'sold_out' ? 0 : null;
      findings.push({ ...at, code: reason, message: refusalMessages[reason], old_value: item.quantity, new_value: left });
    }
    if (!discountPrice.eq(item.seenPrice)) {
      findings.push({
        ...at,
        code: 'price_changed',
        message: `The price changed from ${item.seenPrice.toFixed(2)} to ${discountPrice.toFixed(2)}.`,
        old_value: Number(item.seenPrice.toFixed(2)),
        new_value: Number(discountPrice.toFixed(2)),
      });
    }
  }
  const repriced = view.lines.filter(({ item, discountPrice }) => !discountPrice.eq(item.seenPrice));
  const recorded = cart.isValid && Array.isArray(cart.validationErrors) && cart.validationErrors.length === 0;
  if (options.atCheckout && recorded && findings.length === 0) return view;
  return withTransaction(ctx, async (tx) => {
    // Recorded only on the cart as it was checked: a line edit since (which moves updatedAt) keeps its own state, and a
    // cart closed meanwhile keeps its record. updatedAt marks a change of what the cart holds, which checkout closes the
    // cart on: a validation moves it only when it reprices a line, so concurrent checkouts of one cart see the same cart.
    const { count } = await tx.db.cart.updateMany({
      where: { id: cart.id, status: 'open', updatedAt: cart.updatedAt },
      data: {
        isValid: findings.length === 0,
        validationErrors: findings as object[],
        lastValidatedAt: tx.now,
        updatedAt: repriced.length ? tx.now : cart.updatedAt,
      },
    });
    if (count === 1) {
      for (const { item, discountPrice } of repriced) await tx.db.cartItem.update({ where: { id: item.id }, data: { seenPrice: discountPrice } });
    }
    return viewCart(tx, await reloadCart(tx, cart.id));
  });
}
