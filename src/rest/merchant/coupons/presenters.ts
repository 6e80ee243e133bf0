import type { Coupon } from '../../../generated/prisma/client.js';
import { isExpired, isValid } from '../../../domain/discounts/coupon-state.js';
import { isoTimestamp, moneyString } from '../../kit/format.js';

/** The Coupon object of the merchant spec; `is_valid` and `is_expired` are read at `now`, the request's clock. */
export function presentCoupon(c: Coupon, now: Date) {
  return {
    id: c.id,
    code: c.code,
    title: c.title,
    description: c.description,
    discount_type: c.discountType,
    discount_value: moneyString(c.discountValue),
    applies_to: c.appliesTo,
    target_product_ids: c.targetProductIds,
    target_category_ids: c.targetCategoryIds,
    minimum_order_amount: moneyString(c.minimumOrderAmount),
    capped_amount: moneyString(c.cappedAmount),
    capped_amount_per_user: moneyString(c.cappedAmountPerUser),
    usage_limit: c.usageLimit,
    usage_limit_per_user: c.usageLimitPerUser,
    used_count: c.usedCount,
    is_active: c.isActive,
    is_valid: isValid(c, now),
    is_expired: isExpired(c, now),
    image_url: c.imageUrl,
    starts_at: isoTimestamp(c.startsAt),
    expires_at: isoTimestamp(c.expiresAt),
    created_at: isoTimestamp(c.createdAt),
    updated_at: isoTimestamp(c.updatedAt),
  };
}
