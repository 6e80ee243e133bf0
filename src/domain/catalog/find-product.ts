import type { Product } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { hasNoNul } from '../../platform/validation/text-rules.js';
import { parseRecordId, uuidsOf } from '../record-id.js';
import { readShown } from './shown-rows.js';
import { merchantVisible, shopperVisible } from './visibility.js';

/** A shopper product by its slug, or (from GraphQL) its integer id or uuid. */
export interface CatalogProductRef {
  slug?: string | null;
  id?: string | null;
}

/** The condition naming a shopper-visible product; anything that names none is a 404. */
function catalogProductWhere(ctx: Ctx, ref: CatalogProductRef) {
  const recordId = ref.id ? parseRecordId(ref.id) : null;
  // A slug with a NUL cannot exist (PostgreSQL text refuses it), so it names no product.
  if (ref.slug && !hasNoNul(ref.slug)) throw ApiError.notFound('Product');
  if (!ref.slug && !recordId) throw ApiError.notFound('Product');
  return { ...shopperVisible(ctx), ...(ref.slug ? { slug: ref.slug } : {}), ...(recordId ?? {}) };
}

/** A shopper-visible product; anything that names none is a 404. */
export async function findCatalogProduct(ctx: Ctx, ref: CatalogProductRef): Promise<Product> {
  const product = await ctx.db.product.findFirst({ where: catalogProductWhere(ctx, ref) });
  if (!product) throw ApiError.notFound('Product');
  return product;
}

/** The same product for its own page, read with what the page shows, handed to the loaders (shown-rows.ts): two statements. */
export async function findShownProduct(ctx: Ctx, ref: CatalogProductRef): Promise<Product> {
  const key = await ctx.db.product.findFirst({ where: catalogProductWhere(ctx, ref), select: { id: true } });
  const [product] = key ? await readShown(ctx, [key]) : [];
  if (!product) throw ApiError.notFound('Product');
  return product;
}

/** A product of the store by integer id or uuid; another store's product is simply not found. */
export async function findMerchantProduct(ctx: Ctx, rawId: string): Promise<Product> {
  const recordId = parseRecordId(rawId);
  if (!recordId) throw ApiError.notFound('Product');
  const product = await ctx.db.product.findFirst({ where: { ...merchantVisible(ctx), ...recordId } });
  if (!product) throw ApiError.notFound('Product');
  return product;
}

/** The shopper-visible products among uuids, in one statement; the others are left out. */
export function findCatalogProducts(ctx: Ctx, ids: readonly string[]): Promise<Product[]> {
  return ctx.db.product.findMany({ where: { ...shopperVisible(ctx), id: { in: uuidsOf(ids) } } });
}

/** The store's products among uuids, in one statement; the others are left out. */
export function findMerchantProducts(ctx: Ctx, ids: readonly string[]): Promise<Product[]> {
  return ctx.db.product.findMany({ where: { ...merchantVisible(ctx), id: { in: uuidsOf(ids) } } });
}
