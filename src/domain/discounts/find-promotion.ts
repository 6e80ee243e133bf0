import type { Discount } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { parseRecordId, uuidsOf } from '../record-id.js';

/**
 * A published promotion of the store by uuid or integer id, live or not: a shared link to a
 * promotion that ended still answers, and says so (`is_live` false). An unpublished one, a plain
 * discount or another store's is a 404, as anything a shopper must not see.
 */
export async function findPromotion(ctx: Ctx, rawId: string): Promise<Discount> {
  const recordId = parseRecordId(rawId);
  const promotion = recordId ? await ctx.db.discount.findFirst({ where: { ...recordId, kind: 'promotion', isPublished: true } }) : null;
  if (!promotion) throw ApiError.notFound('Promotion');
  return promotion;
}

/** The store's published promotions among uuids, in one statement; the others are left out. */
export function findPromotions(ctx: Ctx, ids: readonly string[]): Promise<Discount[]> {
  return ctx.db.discount.findMany({ where: { id: { in: uuidsOf(ids) }, kind: 'promotion', isPublished: true } });
}
