import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import type { CartLinesRemoveInput, CartLinesUpdateInput } from './cart-fields.js';
import { checkLines, refusalMessages, type LineRefusal, type SellableLine } from './cart-lines.js';
import { cartOwnerOf } from './cart-owner.js';
import type { CartView } from './cart-view.js';
import { lineKey, pricedLines, rewriteLines } from './cart-writes.js';
import { openCartFor } from './open-cart.js';

interface LineEdit {
  productId: string;
  variantId?: string | null;
  /** 0 removes the line. */
  quantity: number;
}

/** Refusals about the amount asked for are the quantity's fault; the others are the whole line's. */
const quantityRefusals = new Set<LineRefusal>(['sold_out', 'insufficient_stock', 'invalid_quantity']);

const describe = (edit: LineEdit) => `product ${edit.productId}${edit.variantId ? ` and variant ${edit.variantId}` : ' without a variant'}`;

/**
 * Applies edits to lines the cart holds, all or nothing: every problem of the call is reported at
 * once and nothing is written. It runs under the cart row's lock (openCartFor), so the stock check
 * and the write see the lines a concurrent write to the same cart left.
 */
async function editCartLines(ctx: Ctx, sessionToken: string | undefined, edits: LineEdit[]): Promise<CartView> {
  const owner = cartOwnerOf(ctx, sessionToken);
  return withTransaction(ctx, async (tx) => {
    const opened = await openCartFor(tx, owner);
    const lines = new Map<string, SellableLine>(
      opened.cart.items.map((i) => [lineKey(i.productId, i.variantId), { product: i.product, variant: i.variant, quantity: i.quantity }]),
    );
    const errors: FieldErrors = {};
    const named = new Set<string>();
    const keys = edits.map((edit, index) => {
      const key = lineKey(edit.productId.toLowerCase(), edit.variantId?.toLowerCase() ?? null);
      if (named.has(key)) errors[`lines.${index}`] = [`names ${describe(edit)} a second time; name each line once`];
      else if (!lines.has(key)) errors[`lines.${index}`] = [`The cart holds no line of ${describe(edit)}.`];
      named.add(key);
      return key;
    });
    const kept = edits.map((edit, index) => ({ edit, index })).filter(({ edit, index }) => edit.quantity > 0 && !errors[`lines.${index}`]);
    const checks = await checkLines(
      tx,
      kept.map(({ edit }) => ({ itemId: edit.productId, variantId: edit.variantId, quantity: edit.quantity })),
    );
    checks.forEach((check, at) => {
      if (check.ok) return;
      const index = kept[at]!.index;
      errors[quantityRefusals.has(check.reason) ? `lines.${index}.quantity` : `lines.${index}`] = [refusalMessages[check.reason]];
    });
    if (Object.keys(errors).length) throw ApiError.validation(errors);
    edits.forEach((edit, index) => {
      const key = keys[index]!;
      if (edit.quantity === 0) lines.delete(key);
      else lines.get(key)!.quantity = edit.quantity;
    });
    return rewriteLines(tx, opened, await pricedLines(tx, [...lines.values()]));
  });
}

/**
 * cartLinesUpdate: sets each named line's quantity, 0 removing it, checked against stock by the
 * rules of any cart write. A line the cart does not hold is an error, not an add: adding is
 * cartItemAdd's, which asks for a variant where one is needed.
 */
export function updateCartLines(ctx: Ctx, input: CartLinesUpdateInput): Promise<CartView> {
  return editCartLines(ctx, input.sessionToken, input.lines);
}

/** cartLinesRemove: takes the named lines out; naming a line the cart does not hold is an error, so a typo is not a silent no-op. */
export function removeCartLines(ctx: Ctx, input: CartLinesRemoveInput): Promise<CartView> {
  return editCartLines(
    ctx,
    input.sessionToken,
    input.lines.map((line) => ({ ...line, quantity: 0 })),
  );
}
