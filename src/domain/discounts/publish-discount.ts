import type { Discount } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import { findDiscount } from './find-discount.js';

/**
 * Publishes or unpublishes a discount (the spec's states table): publishing keeps the first
 * `publishedAt` of a discount already published, unpublishing clears it. A call that changes
 * nothing writes nothing and records no event; one that does records `discounts/update`. The row
 * is locked by the update itself, so two concurrent publishes stamp one `publishedAt`.
 */
export async function setDiscountPublished(ctx: Ctx, rawId: string, published: boolean): Promise<Discount> {
  return withTransaction(ctx, async (tx) => {
    const discount = await findDiscount(tx, rawId);
    const { count } = await tx.db.discount.updateMany({
      where: { id: discount.id, isPublished: !published },
      data: { isPublished: published, publishedAt: published ? tx.now : null },
    });
    if (!count) return discount;
    tx.outbox.append({ topic: 'discounts/update', payload: { id: discount.id } });
    return tx.db.discount.findFirstOrThrow({ where: { id: discount.id } });
  });
}
