import { findCatalogProduct, type CatalogProductRef } from '../catalog/find-product.js';
import type { Ctx } from '../context.js';
import { averageOf, starCounts } from './rating-tally.js';

export interface ReviewSummary {
  /** The mean of the approved reviews' stars, to one decimal; 0 without reviews. */
  average: number;
  count: number;
  /** Counts by star, 1 to 5, zeros included. */
  distribution: { stars: number; count: number }[];
}

/** A shopper-visible product's review summary, read from its tally (never counted per read). */
export async function reviewSummary(ctx: Ctx, input: { product: CatalogProductRef; verifiedOnly: boolean }): Promise<ReviewSummary> {
  const product = await findCatalogProduct(ctx, input.product);
  const tally = await ctx.db.productRating.findUnique({ where: { productId: product.id } });
  const counts = starCounts(tally, input.verifiedOnly);
  const { count, average } = averageOf(counts);
  return { average: Math.round(average * 10) / 10, count, distribution: counts.map((n, i) => ({ stars: i + 1, count: n })) };
}
