import type { Discount } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import type { DiscountCreateInput } from './discount-fields.js';
import { checkValue, checkWindow } from './offer-fields.js';
import { ingestOfferImage } from './offer-image.js';
import { resolveTargets } from './resolve-targets.js';

/**
 * Creates a discount, or a promotion (the same row with kind `promotion`), in one transaction with
 * its `discounts/create` event. Every rule is checked and every target resolved before anything is
 * written; the image is downloaded first, outside the transaction. Publishing at create stamps
 * `publishedAt` with the request's clock.
 */
export async function createDiscount(ctx: Ctx, input: DiscountCreateInput): Promise<Discount> {
  checkValue(input.type, input.value, 'value');
  checkWindow(input.validFrom, input.validUntil, 'validUntil');
  const targets = await resolveTargets(
    ctx,
    { products: input.productIds, categories: input.categoryIds },
    { products: 'productIds', categories: 'categoryIds' },
  );
  const imageUrl = await ingestOfferImage(ctx, input.imageUrl, 'imageUrl');
  const isPublished = input.isPublished ?? false;
  return withTransaction(ctx, async (tx) => {
    const discount = await tx.db.discount.create({
      data: {
        storeId: tx.db.$storeId,
        kind: input.kind ?? 'discount',
        title: input.title,
        description: input.description ?? null,
        type: input.type,
        value: input.value,
        productIds: targets.productIds,
        categoryIds: targets.categoryIds,
        minimumOrderAmount: input.minimumOrderAmount ?? null,
        minimumQuantity: input.minimumQuantity ?? null,
        cappedAmount: input.cappedAmount ?? null,
        cappedAmountPerUser: input.cappedAmountPerUser ?? null,
        maxUsageTotal: input.maxUsageTotal ?? null,
        maxUsagePerUser: input.maxUsagePerUser ?? null,
        autoApply: input.autoApply ?? true,
        isActive: input.isActive ?? true,
        isPublished,
        publishedAt: isPublished ? ctx.now : null,
        priority: input.priority ?? 0,
        imageUrl,
        validFrom: input.validFrom ?? null,
        validUntil: input.validUntil ?? null,
      },
    });
    tx.outbox.append({ topic: 'discounts/create', payload: { id: discount.id } });
    return discount;
  });
}
