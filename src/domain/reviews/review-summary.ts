import type { ProductRating } from '../../generated/prisma/client.js';
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

/** A product's summary from its tally row (null: no review was ever approved), all reviews or the verified purchases only. */
export function summaryOf(tally: ProductRating | null, verifiedOnly: boolean): ReviewSummary {
  const counts = starCounts(tally, verifiedOnly);
  const { count, average } = averageOf(counts);
  return { average: Math.round(average * 10) / 10, count, distribution: counts.map((n, i) => ({ stars: i + 1, count: n })) };
}

/** A shopper-visible product's review summary, read from its tally (never counted per read). */
export async function reviewSummary(ctx: Ctx, input: { product: CatalogProductRef; verifiedOnly: boolean }): Promise<ReviewSummary> {
  const product = await findCatalogProduct(ctx, input.product);
  return summaryOf(await ctx.db.productRating.findUnique({ where: { productId: product.id } }), input.verifiedOnly);
}
