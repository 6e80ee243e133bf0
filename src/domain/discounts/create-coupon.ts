import { Prisma, type Coupon } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import type { CouponAppliesTo, CouponCreateInput } from './coupon-fields.js';
import { checkValue, checkWindow } from './offer-fields.js';
import { resolveTargets } from './resolve-targets.js';

/** The key codes are unique by (per store): shoppers type codes in any case. */
export const codeKeyOf = (code: string) => code.toUpperCase();

const codeTaken = (code: string) =>
  new ApiError('conflict', `A coupon with the code ${code} already exists in this store (codes ignore case).`, {
    fieldErrors: { code: ['is already the code of another coupon of this store'] },
  });

function isCodeCollision(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return false;
  const meta = error.meta as { modelName?: string } | undefined;
  return meta?.modelName === 'Coupon' && JSON.stringify(meta).includes('code');
}

/**
 * What the coupon applies to, and that its targets agree: `specific_products` needs products and
 * no categories, `specific_categories` the reverse, `all_products` neither. Left out, it follows
 * the targets sent.
 */
function appliesToOf(input: CouponCreateInput): CouponAppliesTo {
  const products = input.targetProductIds?.length ?? 0;
  const categories = input.targetCategoryIds?.length ?? 0;
  const appliesTo = input.appliesTo ?? (products ? 'specific_products' : categories ? 'specific_categories' : 'all_products');
  if (appliesTo === 'specific_products' && !products) throw ApiError.invalidField('targetProductIds', 'must list at least one product for specific_products');
  if (appliesTo === 'specific_categories' && !categories) {
    throw ApiError.invalidField('targetCategoryIds', 'must list at least one category for specific_categories');
  }
  if (appliesTo !== 'specific_products' && products) throw ApiError.invalidField('targetProductIds', `must be empty when applies_to is ${appliesTo}`);
  if (appliesTo !== 'specific_categories' && categories) throw ApiError.invalidField('targetCategoryIds', `must be empty when applies_to is ${appliesTo}`);
  return appliesTo;
}

/**
 * Creates a coupon in one transaction with its `coupons/create` event. Codes are unique per store
 * whatever their case: a taken code is a 409 `conflict`, found up front or, when another create
 * of the same code commits first, by the unique index, so concurrent creates give one coupon and
 * clean refusals.
 */
export async function createCoupon(ctx: Ctx, input: CouponCreateInput): Promise<Coupon> {
  checkValue(input.discountType, input.discountValue, 'discountValue');
  checkWindow(input.startsAt, input.expiresAt, 'expiresAt');
  const appliesTo = appliesToOf(input);
  const targets = await resolveTargets(
    ctx,
    { products: input.targetProductIds, categories: input.targetCategoryIds },
    { products: 'targetProductIds', categories: 'targetCategoryIds' },
  );
  const codeKey = codeKeyOf(input.code);
  if (await ctx.db.coupon.findFirst({ where: { codeKey }, select: { id: true } })) throw codeTaken(input.code);
  try {
    return await withTransaction(ctx, async (tx) => {
      const coupon = await tx.db.coupon.create({
        data: {
          storeId: tx.db.$storeId,
          code: input.code,
          codeKey,
          title: input.title,
          description: input.description ?? null,
          discountType: input.discountType,
          discountValue: input.discountValue,
          appliesTo,
          targetProductIds: targets.productIds,
          targetCategoryIds: targets.categoryIds,
          minimumOrderAmount: input.minimumOrderAmount ?? null,
          cappedAmount: input.cappedAmount ?? null,
          usageLimit: input.usageLimit ?? null,
          usageLimitPerUser: input.usageLimitPerUser ?? null,
          isActive: input.isActive ?? true,
          startsAt: input.startsAt ?? null,
          expiresAt: input.expiresAt ?? null,
        },
      });
      tx.outbox.append({ topic: 'coupons/create', payload: { id: coupon.id } });
      return coupon;
    });
  } catch (error) {
    if (isCodeCollision(error)) throw codeTaken(input.code);
    throw error;
  }
}
