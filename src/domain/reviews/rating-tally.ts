import type { ProductRating } from '../../generated/prisma/client.js';
import type { StoreDb } from '../../platform/database/store-scoped-client.js';

/** What of a review the tallies count: approved reviews only, by star, verified purchases apart. */
export interface CountedReview {
  productId: string;
  rating: number;
  status: string;
  isVerifiedPurchase: boolean;
}

export type StarColumn = `stars${1 | 2 | 3 | 4 | 5}`;
export type VerifiedColumn = `verified${1 | 2 | 3 | 4 | 5}`;
export const starValues = [1, 2, 3, 4, 5] as const;

/** The counts of one product's approved reviews, by star, all of them or the verified purchases only. */
export function starCounts(tally: ProductRating | null, verifiedOnly: boolean): number[] {
  return starValues.map((star) => (tally ? tally[verifiedOnly ? (`verified${star}` as VerifiedColumn) : (`stars${star}` as StarColumn)] : 0));
}

/** Average of star counts (index 0 is one star), unrounded; 0 without reviews. */
export function averageOf(counts: number[]): { count: number; average: number } {
  const count = counts.reduce((a, b) => a + b, 0);
  const stars = counts.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return { count, average: count ? stars / count : 0 };
}

const ratingText = (stars: number, count: number) => (count ? (stars / count).toFixed(2) : '0.00');

/** +1 for the review as it is now, -1 for it as it was, per counted star. */
function deltas(before: CountedReview | null, after: CountedReview | null) {
  const change = new Map<string, number>();
  const add = (review: CountedReview | null, sign: number) => {
    if (!review || review.status !== 'approved') return;
    change.set(`stars${review.rating}`, (change.get(`stars${review.rating}`) ?? 0) + sign);
    if (review.isVerifiedPurchase) change.set(`verified${review.rating}`, (change.get(`verified${review.rating}`) ?? 0) + sign);
  };
  add(before, -1);
  add(after, 1);
  return [...change].filter(([, n]) => n !== 0);
}

/**
 * Moves a review's change into the product's and the store's tallies, inside the write's own
 * transaction, and derives from them the ratings cards and the store info show. Each tally moves
 * by an atomic increment, so concurrent review writes never lose one another's counts; the row
 * lock the increment takes orders them, so the rating derived last is from the final counts.
 */
export async function tallyReviewChange(db: StoreDb, before: CountedReview | null, after: CountedReview | null): Promise<void> {
  const productId = (after ?? before)!.productId;
  if (before && after && before.productId !== after.productId) throw new Error('A review never moves to another product');
  const change = deltas(before, after);
  if (!change.length) return;
  const increments = Object.fromEntries(change.map(([column, n]) => [column, { increment: n }]));
  const tally = await db.productRating.upsert({
    where: { productId },
    create: { storeId: db.$storeId, productId, ...Object.fromEntries(change) },
    update: increments,
  });
  const all = averageOf(starCounts(tally, false));
  await db.product.update({ where: { id: productId }, data: { rating: all.average.toFixed(2), reviewCount: all.count } });

  const starsOf = (prefix: 'stars' | 'verified') => change.filter(([c]) => c.startsWith(prefix)).reduce((sum, [c, n]) => sum + n * Number(c.slice(-1)), 0);
  const countOf = (prefix: 'stars' | 'verified') => change.filter(([c]) => c.startsWith(prefix)).reduce((sum, [, n]) => sum + n, 0);
  const store = await db.store.update({
    where: { id: db.$storeId },
    data: {
      reviewCountAll: { increment: countOf('stars') },
      reviewStarsAll: { increment: starsOf('stars') },
      reviewCountVerified: { increment: countOf('verified') },
      reviewStarsVerified: { increment: starsOf('verified') },
    },
  });
  await db.store.update({ where: { id: db.$storeId }, data: storeRatingOf(store) });
}

/** The store-wide rating: verified purchases only unless the merchant counts imports too (reviewsVerifiedOnly false). */
export function storeRatingOf(store: {
  reviewsVerifiedOnly: boolean;
  reviewCountAll: number;
  reviewStarsAll: number;
  reviewCountVerified: number;
  reviewStarsVerified: number;
}) {
  const [count, stars] = store.reviewsVerifiedOnly ? [store.reviewCountVerified, store.reviewStarsVerified] : [store.reviewCountAll, store.reviewStarsAll];
  return { rating: ratingText(stars, count), ratingCount: count };
}

/**
 * Counts the products' tallies again from their approved reviews, and the store's from its
 * products' tallies, after a write that removed reviews in bulk (an uninstalled app's imports).
 * Product by product in `pId` order (the order checkout locks products in, so the two never wait
 * on each other in a cycle), each tally is locked before its reviews are counted, then the store's
 * row before the products' tallies are summed: a review write racing this either committed before
 * the count or waits and moves the recounted tallies by its own change after.
 */
export async function recountRatings(db: StoreDb, productIds: string[]): Promise<void> {
  if (!productIds.length) return;
  const products = await db.product.findMany({ where: { id: { in: productIds } }, select: { id: true }, orderBy: { pId: 'asc' } });
  for (const { id: productId } of products) {
    await db.productRating.updateMany({ where: { productId }, data: { stars1: { increment: 0 } } });
    const groups = await db.review.groupBy({ by: ['rating', 'isVerifiedPurchase'], where: { productId, status: 'approved' }, _count: { _all: true } });
    const columns: Record<string, number> = {};
    for (const star of starValues) columns[`stars${star}`] = columns[`verified${star}`] = 0;
    for (const group of groups) {
      columns[`stars${group.rating}`]! += group._count._all;
      if (group.isVerifiedPurchase) columns[`verified${group.rating}`]! += group._count._all;
    }
    const tally = await db.productRating.upsert({ where: { productId }, create: { storeId: db.$storeId, productId, ...columns }, update: columns });
    const all = averageOf(starCounts(tally, false));
    await db.product.update({ where: { id: productId }, data: { rating: all.average.toFixed(2), reviewCount: all.count } });
  }
  await db.store.update({ where: { id: db.$storeId }, data: { reviewCountAll: { increment: 0 } } });
  const sums = await db.productRating.aggregate({
    _sum: {
      stars1: true,
      stars2: true,
      stars3: true,
      stars4: true,
      stars5: true,
      verified1: true,
      verified2: true,
      verified3: true,
      verified4: true,
      verified5: true,
    },
  });
  const summed = sums._sum as Record<string, number | null>;
  const total = (prefix: 'stars' | 'verified') => {
    const counts = starValues.map((star) => summed[`${prefix}${star}`] ?? 0);
    return { count: counts.reduce((a, b) => a + b, 0), stars: counts.reduce((sum, n, i) => sum + n * (i + 1), 0) };
  };
  const [all, verified] = [total('stars'), total('verified')];
  const store = await db.store.update({
    where: { id: db.$storeId },
    data: { reviewCountAll: all.count, reviewStarsAll: all.stars, reviewCountVerified: verified.count, reviewStarsVerified: verified.stars },
  });
  await db.store.update({ where: { id: db.$storeId }, data: storeRatingOf(store) });
}
