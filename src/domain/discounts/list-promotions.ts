import type { Discount } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asNumber, type KeysetSort } from '../pagination/keyset.js';
import { containsText } from '../text-match.js';
import { livePredicate } from './liveness.js';

export const promotionListLimits = { maxPageSize: 50, defaultPageSize: 20, maxKeywordLength: 100 } as const;

export const promotionSortNames = ['priority', 'ending_soon', 'newest'] as const;
export type PromotionSort = (typeof promotionSortNames)[number];

export interface PromotionListInput {
  window: KeysetWindow;
  keyword?: string;
  sort: PromotionSort;
}

const pIdColumn = (direction: 'asc' | 'desc') => ({ field: 'pId', direction, read: (row: Discount) => row.pId, parse: asNumber });

/**
 * Every sort ends in the unique integer id. `ending_soon` walks an open-ended promotion (no
 * valid_until) after every dated one, once, at the end of the walk: the keyset treats the
 * nullable column's nulls as the last values.
 */
const sorts: Record<PromotionSort, KeysetSort<Discount>> = {
  priority: [{ field: 'priority', direction: 'desc', read: (row) => row.priority, parse: asNumber }, pIdColumn('asc')],
  ending_soon: [
    {
      field: 'validUntil',
      direction: 'asc',
      nullable: true,
      read: (row) => row.validUntil?.toISOString() ?? null,
      parse: (value) => (value === null ? null : asDate(value)),
    },
    pIdColumn('asc'),
  ],
  newest: [{ field: 'createdAt', direction: 'desc', read: (row) => row.createdAt.toISOString(), parse: asDate }, pIdColumn('desc')],
};

/** The store's live promotions (kind promotion, active, published, inside their window now), for shoppers. */
export function listPromotions(ctx: Ctx, input: PromotionListInput): Promise<KeysetPage<Discount>> {
  const where = { kind: 'promotion', ...livePredicate(ctx.now), ...(input.keyword ? { title: containsText(input.keyword) } : {}) };
  return keysetPage(
    ctx,
    {
      binding: { list: 'storefront.promotions', storeId: ctx.store.id, filters: { keyword: input.keyword ?? null, sort: input.sort } },
      sort: sorts[input.sort],
      where,
      fetch: (args) => ctx.db.discount.findMany(args as Parameters<typeof ctx.db.discount.findMany>[0]),
    },
    input.window,
  );
}
