import type { Review } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { findCatalogProduct } from '../catalog/find-product.js';
import { signedInCustomer, type Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import { tallyReviewChange } from './rating-tally.js';
import type { ShopperReviewInput } from './shopper-fields.js';
import { countShopperWrite } from './shopper-write-limit.js';

/** Order states in which the customer has received the goods. */
const received = ['delivered', 'completed'];

/**
 * A signed-in customer's review of a product they received: one per customer and product, a second
 * write updating it. A new or changed review waits for moderation, unless the store approves
 * verified reviews as they are written; the tallies follow in the same transaction.
 */
export async function writeReview(ctx: Ctx, input: { slug: string } & ShopperReviewInput): Promise<{ review: Review; created: boolean }> {
  const { customerId } = signedInCustomer(ctx);
  const product = await findCatalogProduct(ctx, { slug: input.slug });
  await countShopperWrite(ctx, customerId);
  const bought = await ctx.db.orderItem.findFirst({ where: { productPId: product.pId, order: { customerId, status: { in: received } } }, select: { id: true } });
  if (!bought) throw new ApiError('forbidden', 'Only a customer who received this product in an order may review it.');
  const status = ctx.store.autoApproveVerifiedReviews ? 'approved' : 'pending';
  const text = { rating: input.rating, title: input.title, body: input.body, authorName: input.authorName };
  return withTransaction(ctx, async (tx) => {
    const [inserted] = await tx.db.review.createManyAndReturn({
      data: [{ storeId: tx.db.$storeId, productId: product.id, customerId, isVerifiedPurchase: true, status, submittedAt: ctx.now, createdAt: ctx.now, ...text }],
      skipDuplicates: true,
    });
    if (inserted) {
      await tallyReviewChange(tx.db, null, inserted);
      tx.outbox.append({ topic: 'reviews/create', payload: { id: inserted.uid, product_id: product.id, status: inserted.status, source: null } });
      return { review: inserted, created: true };
    }
    for (;;) {
      const current = await tx.db.review.findFirstOrThrow({ where: { productId: product.id, customerId } });
      const [updated] = await tx.db.review.updateManyAndReturn({
        where: { id: current.id, updatedAt: current.updatedAt },
        data: { ...text, status, editedAt: ctx.now },
      });
      if (!updated) continue;
      await tallyReviewChange(tx.db, current, updated);
      tx.outbox.append({ topic: 'reviews/update', payload: { id: updated.uid, product_id: product.id, status: updated.status, source: null } });
      return { review: updated, created: false };
    }
  });
}
