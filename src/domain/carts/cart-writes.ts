import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction, type TransactionCtx } from '../transaction.js';
import { cartLimits, type CartItemAddInput, type CartUpsertInput } from './cart-fields.js';
import { checkLines, linePrice, refusalMessages, type LineRefusal, type LinePrice, type SellableLine } from './cart-lines.js';
import { cartOwnerOf } from './cart-owner.js';
import { viewCart, viewOf, type CartView } from './cart-view.js';
import { customiseChoices, type CustomiseChoices } from './customise.js';
import { findCart, findOpenCart, openCartFor, type OpenedCart } from './open-cart.js';

export interface RejectedLine {
  index: number;
  itemId: string;
  variantId: string | null;
  quantity: unknown;
  reason: LineRefusal;
  message: string;
}

export const lineKey = (productId: string, variantId: string | null) => `${productId}\u0000${variantId ?? ''}`;

/** A change to the lines makes an earlier validation stale: the cart is valid again until the next validation says otherwise. */
export const freshState = { isValid: true, validationErrors: [] };

/** Lines at the price the shopper is shown now, by `ctx`'s reads: the request's before its transaction, or the transaction's. */
export const pricedLines = (ctx: Ctx, lines: SellableLine[]): Promise<PricedLine[]> =>
  Promise.all(lines.map(async (line) => ({ ...line, price: await linePrice(ctx, line.product, line.variant) })));

type PricedLine = SellableLine & { price: LinePrice };

/**
 * Makes the cart's lines exactly `lines` (one row per product and variant), each at its price, and
 * answers the cart as written. Under the cart's lock no other write reaches it, so the rows written
 * are the cart: it is not read back. A cart this transaction made is fresh already and holds
 * nothing to replace.
 */
export async function rewriteLines(tx: TransactionCtx, { cart, created }: OpenedCart, lines: PricedLine[]): Promise<CartView> {
  if (cart.items.length) await tx.db.cartItem.deleteMany({ where: { cartId: cart.id } });
  const rows = lines.length
    ? await tx.db.cartItem.createManyAndReturn({
        data: lines.map((l, position) => ({
          storeId: tx.db.$storeId,
          cartId: cart.id,
          productId: l.product.id,
          variantId: l.variant?.id ?? null,
          quantity: l.quantity,
          seenPrice: l.price.discountPrice,
          position,
          createdAt: tx.now,
        })),
      })
    : [];
  const row = created ? cart : await tx.db.cart.update({ where: { id: cart.id }, data: freshState });
  const items = rows.sort((a, b) => a.position - b.position).map((item) => ({ ...item, product: lines[item.position]!.product, variant: lines[item.position]!.variant }));
  return viewOf(
    { ...row, items },
    lines.map((line) => line.price),
  );
}

/** The owner's open cart, priced, or null when there is none. */
export async function myCart(ctx: Ctx): Promise<CartView | null> {
  const cart = await findOpenCart(ctx, cartOwnerOf(ctx));
  return cart ? viewCart(ctx, cart) : null;
}

/**
 * POST /store/cart: the cart becomes exactly the lines sent that the catalogue can sell; the
 * others are left out and reported. Duplicate lines of one product and variant add up.
 */
export async function upsertCart(ctx: Ctx, input: CartUpsertInput): Promise<{ view: CartView; rejected: RejectedLine[] }> {
  const owner = cartOwnerOf(ctx, input.sessionToken);
  if (input.vendorId.toLowerCase() !== ctx.store.id) {
    throw ApiError.invalidField('vendorId', `must be this store's id (${ctx.store.id}), as GET /store/info answers it`);
  }
  const checks = await checkLines(ctx, input.cartItems);
  const rejected: RejectedLine[] = [];
  const merged = new Map<string, SellableLine>();
  checks.forEach((check, index) => {
    const requested = input.cartItems[index]!;
    if (!check.ok) {
      rejected.push({
        index,
        itemId: requested.itemId,
        variantId: requested.variantId ?? null,
        quantity: requested.quantity,
        reason: check.reason,
        message: refusalMessages[check.reason],
      });
      return;
    }
    const key = lineKey(check.line.product.id, check.line.variant?.id ?? null);
    const previous = merged.get(key);
    merged.set(key, previous ? { ...previous, quantity: previous.quantity + check.line.quantity } : check.line);
  });
  // Priced by the reads that checked the lines, before the transaction: it then only writes.
  const lines = await pricedLines(ctx, [...merged.values()]);
  const view = await withTransaction(ctx, async (tx) => rewriteLines(tx, await openCartFor(tx, owner, input.source), lines));
  return { view, rejected };
}

export type AddItemResult = { result: 'added'; view: CartView } | { result: 'customise'; choices: CustomiseChoices };

const refusalField: Record<LineRefusal, string> = {
  not_found: 'productId',
  not_available: 'productId',
  variant_required: 'variantId',
  variant_not_found: 'variantId',
  sold_out: 'quantity',
  insufficient_stock: 'quantity',
  invalid_quantity: 'quantity',
};

function refuse(reason: LineRefusal): never {
  if (reason === 'not_found') throw new ApiError('not_found', 'Product not found: name it by its uuid (id) or by its slug, as its page does.');
  throw ApiError.invalidField(refusalField[reason], refusalMessages[reason]);
}

/**
 * POST /store/cart/items: adds one line and leaves the others. A product sold by variant, sent
 * without one, answers `customise` with the choices it needs; the call is then repeated with a
 * variant_id. Adding a line the cart has already adds to its quantity.
 */
export async function addCartItem(ctx: Ctx, input: CartItemAddInput): Promise<AddItemResult> {
  const owner = cartOwnerOf(ctx, input.sessionToken);
  const quantity = input.quantity ?? 1;
  const [first] = await checkLines(ctx, [{ itemId: input.productId, variantId: input.variantId, quantity }]);
  if (!first!.ok) {
    if (first!.reason === 'variant_required') return { result: 'customise', choices: await customiseChoices(ctx, input.productId) };
    refuse(first!.reason);
  }
  const view = await withTransaction(ctx, async (tx) => {
    const opened = await openCartFor(tx, owner);
    const key = lineKey(first.line.product.id, first.line.variant?.id ?? null);
    const lines: SellableLine[] = opened.cart.items.map((i) => ({ product: i.product, variant: i.variant, quantity: i.quantity }));
    const existing = lines.find((l) => lineKey(l.product.id, l.variant?.id ?? null) === key);
    if (existing) {
      const [again] = await checkLines(tx, [{ itemId: first.line.product.id, variantId: first.line.variant?.id, quantity: existing.quantity + quantity }]);
      if (!again!.ok) refuse(again!.reason);
      existing.quantity += quantity;
    } else {
      if (lines.length >= cartLimits.maxLines) throw ApiError.invalidField('productId', `A cart holds at most ${cartLimits.maxLines} lines.`);
      lines.push(first.line);
    }
    return rewriteLines(tx, opened, await pricedLines(tx, lines));
  });
  return { result: 'added', view };
}

/** DELETE /store/cart/clear: empties the cart named by `cartId`, or the owner's open cart; no cart is nothing to clear. */
export async function clearCart(ctx: Ctx, input: { cartId?: string }): Promise<void> {
  const owner = cartOwnerOf(ctx);
  const cart = await findCart(ctx, owner, input.cartId);
  if (!cart) return;
  await withTransaction(ctx, async (tx) => {
    await tx.db.cart.update({ where: { id: cart.id }, data: { updatedAt: tx.now, ...freshState } });
    await tx.db.cartItem.deleteMany({ where: { cartId: cart.id } });
  });
}
