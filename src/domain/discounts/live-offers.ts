import type { Discount } from '../../generated/prisma/client.js';
import type { StoreDb } from '../../platform/database/store-scoped-client.js';
import type { DiscountOffer, DiscountType } from '../pricing/discounts.js';
import { lowersShopperPrices, lowersShopperPricesWhere } from './liveness.js';

/**
 * How many live automatic discounts one request prices with. A store runs a handful; the bound keeps
 * a runaway store's request to one bounded read, and the highest-priority ones are the ones kept.
 */
export const LIVE_OFFER_LIMIT = 200;

/** Most important first, the same order the best-of rule breaks ties with. */
export const byPriority = [{ priority: 'desc' as const }, { createdAt: 'asc' as const }, { id: 'asc' as const }];

export function offerOf(row: Discount): DiscountOffer {
  return {
    id: row.id,
    title: row.title,
    type: row.type as DiscountType,
    value: row.value,
    imageUrl: row.imageUrl,
    productIds: row.productIds,
    categoryIds: row.categoryIds,
    cappedAmount: row.cappedAmount,
    priority: row.priority,
    createdAt: row.createdAt,
  };
}

const liveRows = (rows: Discount[], now: Date) => rows.filter((row) => lowersShopperPrices(row, now)).map(offerOf);

/**
 * The store's discounts that lower card prices now (`lowersShopperPrices`). One statement, or none
 * with `unended`, the discounts not ended at its `readAt` (catalog/store-facts.ts): the live ones at
 * any clock from then on are among them, so a discount starts and ends at its instant there too (a
 * use that exhausts one is a write, which replaces the facts). A clock before `readAt`, or facts
 * that the limit may have cut, read their own. Products are matched to targets in memory.
 */
export async function liveAutomaticOffers(db: StoreDb, now: Date, unended?: { readAt: Date; unendedOffers: Discount[] }): Promise<DiscountOffer[]> {
  if (unended && unended.readAt <= now && unended.unendedOffers.length < LIVE_OFFER_LIMIT) return liveRows(unended.unendedOffers, now);
  return liveRows(await db.discount.findMany({ where: lowersShopperPricesWhere(now), orderBy: byPriority, take: LIVE_OFFER_LIMIT }), now);
}
