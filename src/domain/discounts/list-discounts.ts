import type { Discount, Prisma } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asNumber, type KeysetSort } from '../pagination/keyset.js';
import { containsText } from '../text-match.js';
import type { DiscountKind } from './discount-fields.js';
import type { DiscountType } from './offer-fields.js';
import { pIdOfReference } from './reference.js';

export const discountListLimits = { maxPageSize: 100, defaultPageSize: 20, maxSearchLength: 255 } as const;

export interface DiscountListInput {
  window: KeysetWindow;
  filter: {
    type?: DiscountType;
    /** `active` or `inactive`: the `isActive` flag. */
    status?: 'active' | 'inactive';
    /** Title (anywhere, any case, wildcards literal) or the reference (D-000123). */
    search?: string;
    kind?: DiscountKind | 'all';
  };
}

/** Newest first; the integer id breaks ties between rows created in the same millisecond. */
const newestFirst: KeysetSort<Discount> = [
  { field: 'createdAt', direction: 'desc', read: (row) => row.createdAt.toISOString(), parse: asDate },
  { field: 'pId', direction: 'desc', read: (row) => row.pId, parse: asNumber },
];

function whereOf({ type, status, search, kind }: DiscountListInput['filter']): Prisma.DiscountWhereInput {
  const where: Prisma.DiscountWhereInput = {};
  if (type) where.type = type;
  if (status) where.isActive = status === 'active';
  if (kind && kind !== 'all') where.kind = kind;
  if (search) {
    const pId = pIdOfReference(search);
    where.OR = [{ title: containsText(search) }, ...(pId === null ? [] : [{ pId }])];
  }
  return where;
}

/** The store's discounts and promotions, newest first, filtered; the cursor is bound to the filters. */
export function listDiscounts(ctx: Ctx, input: DiscountListInput): Promise<KeysetPage<Discount>> {
  const filters = {
    type: input.filter.type ?? null,
    status: input.filter.status ?? null,
    search: input.filter.search ?? null,
    kind: input.filter.kind ?? 'all',
  };
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.discounts', storeId: ctx.store.id, filters },
      sort: newestFirst,
      where: whereOf(input.filter) as Record<string, unknown>,
      fetch: (args) => ctx.db.discount.findMany(args as Parameters<typeof ctx.db.discount.findMany>[0]),
    },
    input.window,
  );
}
