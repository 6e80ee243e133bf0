import type { Product, Variant } from '../../generated/prisma/client.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { shopperVisible } from '../catalog/visibility.js';
import type { Ctx } from '../context.js';
import { bestDiscounts } from '../pricing/discount-math.js';
import type { AppliedDiscount } from '../pricing/discounts.js';
import { saleableUnits } from '../inventory/stock-policy.js';
import { pricingOf } from '../pricing/pricing-of.js';
import { sellableVariants, variantPricing } from '../pricing/product-pricing.js';
import { hasNoNul, uuidPattern } from '../../platform/validation/text-rules.js';
import { cartLimits } from './cart-fields.js';

/** Why the server refuses a line (`meta.rejected_items[].reason`, `validation_errors[].code`). */
export type LineRefusal = 'not_found' | 'not_available' | 'variant_required' | 'variant_not_found' | 'sold_out' | 'insufficient_stock' | 'invalid_quantity';

export const refusalMessages: Record<LineRefusal, string> = {
  not_found: 'No such product in this store.',
  not_available: 'This product or variant is not for sale now.',
  variant_required: 'This product is sold by variant: send variant_id.',
  variant_not_found: 'No such variant of this product.',
  sold_out: 'Sold out.',
  insufficient_stock: 'Fewer units are in stock than asked for.',
  invalid_quantity: `The quantity must be a whole number from 1 to ${cartLimits.maxQuantity}.`,
};

export interface RequestedLine {
  itemId: string;
  variantId?: string | null;
  quantity: unknown;
}

/** A line the catalogue can sell as asked. */
export interface SellableLine {
  product: Product;
  variant: Variant | null;
  quantity: number;
}

export type LineCheck = { ok: true; line: SellableLine } | { ok: false; reason: LineRefusal };

/** What the shopper pays for one unit of a line now: the catalogue price with the best live automatic discount. */
export interface LinePrice {
  price: Prisma.Decimal;
  discountPrice: Prisma.Decimal;
  discount: AppliedDiscount | null;
}

/**
 * Checks requested lines against the catalogue as it stands: the products of the whole batch in
 * one statement, their variants through the request's loader. `loaded` are product rows this
 * request has just read (a cart's, with its lines): they are not read again.
 */
export async function checkLines(ctx: Ctx, requested: RequestedLine[], loaded: Product[] = []): Promise<LineCheck[]> {
  const refs = requested.map((r) => productRefOf(r.itemId));
  const ids = [...new Set(refs.flatMap((r) => (r.id && !loaded.some((p) => p.id === r.id) ? [r.id] : [])))];
  const slugs = [...new Set(refs.flatMap((r) => (r.slug ? [r.slug] : [])))];
  const named = [...(ids.length ? [{ id: { in: ids } }] : []), ...(slugs.length ? [{ slug: { in: slugs } }] : [])];
  const read = named.length ? await ctx.db.product.findMany({ where: { OR: named, deletedAt: null } }) : [];
  const products = [...loaded.filter((p) => p.deletedAt === null), ...read];
  const byRef = new Map(products.flatMap((p) => [[p.id, p] as const, [`slug:${p.slug}`, p] as const]));
  const productOf = (ref: ProductRef) => (ref.id ? byRef.get(ref.id) : ref.slug !== undefined ? byRef.get(`slug:${ref.slug}`) : undefined);
  return Promise.all(requested.map((line, i) => checkLine(ctx, line, productOf(refs[i]!))));
}

export interface ProductRef {
  id?: string;
  slug?: string;
}

/**
 * A line names its product by uuid or, as the product pages do, by slug. A slug holding NUL
 * cannot exist (PostgreSQL text refuses it), so it names nothing.
 */
export function productRefOf(ref: string): ProductRef {
  const trimmed = ref.trim();
  if (uuidPattern.test(trimmed)) return { id: trimmed.toLowerCase() };
  return hasNoNul(trimmed) ? { slug: trimmed } : {};
}

async function checkLine(ctx: Ctx, requested: RequestedLine, product: Product | undefined): Promise<LineCheck> {
  if (!product) return { ok: false, reason: 'not_found' };
  const visible = shopperVisible(ctx);
  if (!product.published || product.status !== visible.status) return { ok: false, reason: 'not_available' };
  const quantity = requested.quantity;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > cartLimits.maxQuantity) {
    return { ok: false, reason: 'invalid_quantity' };
  }
  const variants = await ctx.loaders.variantsByProduct.load(product.id);
  const sellable = sellableVariants(variants);
  let variant: Variant | null = null;
  if (requested.variantId) {
    variant = variants.find((v) => v.id === requested.variantId!.toLowerCase()) ?? null;
    if (!variant) return { ok: false, reason: 'variant_not_found' };
    if (!variant.isActive) return { ok: false, reason: 'not_available' };
  } else if (sellable.length) {
    return { ok: false, reason: 'variant_required' };
  }
  const available = saleableUnits(variant ?? product);
  if (available <= 0) return { ok: false, reason: 'sold_out' };
  if (quantity > available) return { ok: false, reason: 'insufficient_stock' };
  return { ok: true, line: { product, variant, quantity } };
}

/**
 * The unit price of a line by the one pricing rule. A variant line takes the product's live
 * automatic discounts on the variant's own price, as the product page prices that variant.
 */
export async function linePrice(ctx: Ctx, product: Product, variant: Variant | null): Promise<LinePrice> {
  const pricing = await pricingOf(ctx, product);
  if (!variant) return { price: pricing.price, discountPrice: pricing.discountPrice, discount: pricing.discount };
  const price = variantPricing(variant).price;
  const { discountPrice, discount } = bestDiscounts(price, pricing.offers);
  return { price, discountPrice, discount };
}
