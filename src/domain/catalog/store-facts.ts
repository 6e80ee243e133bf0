import type { Discount, Prisma, StoreLocale } from '../../generated/prisma/client.js';
import type { StoreDb } from '../../platform/database/store-scoped-client.js';
import { byPriority, LIVE_OFFER_LIMIT } from '../discounts/live-offers.js';
import { lowersShopperPricesFromWhere } from '../discounts/liveness.js';

/** Primary first, then the merchant's order. */
export const localeOrder = [{ isPrimary: 'desc' }, { position: 'asc' }, { code: 'asc' }] satisfies Prisma.StoreLocaleOrderByWithRelationInput[];

/**
 * What every catalogue read of a store needs before its rows, kept per facts token (catalog-snapshot.ts):
 * the store's locales, and its automatic discounts not ended at `readAt`, from which each request
 * picks those live at its own clock (live-offers.ts).
 */
export interface StoreFacts {
  readAt: Date;
  locales: StoreLocale[];
  unendedOffers: Discount[];
}

/** The store row's relations that hold its facts at `now`: joined into the row's read, they cost no statement of their own. */
export function storeFactsRelations(now: Date) {
  return {
    locales: { orderBy: localeOrder },
    discounts: { where: lowersShopperPricesFromWhere(now), orderBy: byPriority, take: LIVE_OFFER_LIMIT },
  } satisfies Prisma.StoreInclude;
}

/** The facts in a store row read with `storeFactsRelations(now)`. */
export function storeFactsOf(store: { locales: StoreLocale[]; discounts: Discount[] }, now: Date): StoreFacts {
  return { readAt: now, locales: store.locales, unendedOffers: store.discounts };
}

/** The store's facts, in one statement (the store row's relations joined, the row itself not read). */
export async function readStoreFacts(db: StoreDb, now: Date): Promise<StoreFacts> {
  const store = await db.store.findUniqueOrThrow({ where: { id: db.$storeId }, select: storeFactsRelations(now), relationLoadStrategy: 'join' });
  return storeFactsOf(store, now);
}
