import { STORE, prepared, storeSql } from '../../../platform/database/store-statements.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';

/**
 * Where checkout reads a product's metafield values: the narrow port the requirement rule needs.
 * Today the values are the product's `metafields` map (`namespace.key` → value).
 */
export type MetafieldValues = (ctx: Ctx, productIds: string[]) => Promise<Map<string, Record<string, unknown>>>;

export const productMetafieldValues: MetafieldValues = async (ctx, productIds) => {
  const rows = await ctx.db.product.findMany({ where: { id: { in: productIds } }, select: { id: true, metafields: true } });
  return new Map(rows.map((row) => [row.id, (row.metafields ?? {}) as Record<string, unknown>]));
};

/** A value counts as filled unless it is null, empty text or an empty list. */
function filled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Whether the product has at least one filled metafield under the prefix. */
export function meetsRequirement(metafields: Record<string, unknown>, prefix: string): boolean {
  return Object.entries(metafields).some(([key, value]) => key.startsWith(prefix) && filled(value));
}

/**
 * The requirements of installed apps on these products: a store statement, read past Prisma
 * (direct-reads.ts), since every checkout reads it and almost always finds none.
 */
const requirementsOf = (productIds: string[]) =>
  prepared(
    'checkout-requirements',
    storeSql<{ productId: string; prefix: string }>`
    SELECT r."productId", r.prefix FROM "AppRequirement" r
    JOIN "AppInstallation" i ON i."storeId" = ${STORE} AND i.id = r."installationId" AND i."uninstalledAt" IS NULL
    WHERE r."storeId" = ${STORE} AND r."productId" = ANY(${productIds}::uuid[])
    ORDER BY r."installationId", r.position`,
  );

/**
 * Checkout's rule: a product that an installed app (not an uninstalled one) requires metafields of
 * is sold only once it has a filled metafield under each required prefix; otherwise 422
 * `product_not_ready` naming the first such product.
 */
export async function assertRequirementsMet(ctx: Ctx, lines: { productId: string; title: string }[], values: MetafieldValues = productMetafieldValues) {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  if (!productIds.length) return;
  const requirements = await ctx.db.$storeQuery(requirementsOf(productIds));
  if (!requirements.length) return;
  const metafields = await values(ctx, [...new Set(requirements.map((r) => r.productId))]);
  for (const line of lines) {
    const unmet = requirements.find((r) => r.productId === line.productId && !meetsRequirement(metafields.get(r.productId) ?? {}, r.prefix));
    if (unmet)
      throw new ApiError(
        'product_not_ready',
        `"${line.title}" cannot be ordered yet: the store has not filled in details it needs (${unmet.prefix}*). Remove it from the cart.`,
      );
  }
}
