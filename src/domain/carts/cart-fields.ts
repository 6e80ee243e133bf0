import { z } from 'zod';
import { wholeNumber } from '../../platform/validation/body-fields.js';

/** What one cart may hold, and one line. */
export const cartLimits = { maxLines: 100, maxQuantity: 999 } as const;

const ref = (what: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : `must be the ${what}'s uuid`) })
    .trim()
    .min(1, { error: 'is required' })
    .max(64, { error: `must be the ${what}'s uuid` });

/** A product as the shopper's pages name it: its uuid, or the slug of its page (`/store/products/{slug}`). */
const productRef = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : "must be the product's uuid or slug") })
  .trim()
  .min(1, { error: 'is required' })
  .max(200, { error: "must be the product's uuid or slug" });

/**
 * A line as a client sends it. `title` and `price` are what the client believes; they are read and
 * ignored (prices and titles always come from the catalogue), so a stale or tampered one changes nothing.
 */
export const cartLineShape = {
  itemId: productRef,
  variantId: ref('variant').nullish(),
  quantity: z.unknown(),
  title: z.unknown().optional(),
  price: z.unknown().optional(),
};

export const cartUpsertShape = {
  vendorId: ref('store'),
  cartItems: z
    .array(z.strictObject(cartLineShape), { error: 'must be a list of cart items' })
    .max(cartLimits.maxLines, { error: `must hold at most ${cartLimits.maxLines} lines` }),
  source: z.string({ error: 'must be text' }).trim().min(1).max(40).optional(),
  sessionToken: z.string({ error: 'must be text' }).optional(),
};

export const cartItemAddShape = {
  productId: productRef,
  variantId: ref('variant').nullish(),
  quantity: wholeNumber(1, cartLimits.maxQuantity).optional(),
  sessionToken: z.string({ error: 'must be text' }).optional(),
};

export const cartValidateShape = {
  cartId: ref('cart'),
  sessionToken: z.string({ error: 'must be text' }).optional(),
};

/** A line of the cart by what makes it one line: its product and variant. */
const lineRef = { productId: ref('product'), variantId: ref('variant').nullish() };

const lineEdits = <T extends z.ZodRawShape>(line: T) =>
  z
    .array(z.strictObject(line), { error: 'must be a list of cart lines' })
    .min(1, { error: 'must name at least one line' })
    .max(cartLimits.maxLines, { error: `must hold at most ${cartLimits.maxLines} lines` });

export const cartLinesUpdateShape = { lines: lineEdits({ ...lineRef, quantity: wholeNumber(0, cartLimits.maxQuantity) }) };
export const cartLinesRemoveShape = { lines: lineEdits(lineRef) };

export type CartUpsertInput = z.output<z.ZodObject<typeof cartUpsertShape>>;
export type CartItemAddInput = z.output<z.ZodObject<typeof cartItemAddShape>>;
export type CartLinesUpdateInput = z.output<z.ZodObject<typeof cartLinesUpdateShape>> & { sessionToken?: string };
export type CartLinesRemoveInput = z.output<z.ZodObject<typeof cartLinesRemoveShape>> & { sessionToken?: string };
