import type { Discount } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { parseRecordId, uuidsOf } from '../record-id.js';

/** A discount of the store by uuid or integer id; another store's, or anything else, is a 404 naming the discount. */
export async function findDiscount(ctx: Ctx, rawId: string): Promise<Discount> {
  const recordId = parseRecordId(rawId);
  const discount = recordId ? await ctx.db.discount.findFirst({ where: recordId }) : null;
  if (!discount) throw ApiError.notFound('Discount');
  return discount;
}

/** The store's discounts among uuids, in one statement; the others are left out. */
export function findDiscounts(ctx: Ctx, ids: readonly string[]): Promise<Discount[]> {
  return ctx.db.discount.findMany({ where: { id: { in: uuidsOf(ids) } } });
}
