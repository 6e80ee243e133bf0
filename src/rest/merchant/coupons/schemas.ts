import { z } from 'zod';
import { couponAppliesTo, couponCodeRule, couponCreateShape } from '../../../domain/discounts/coupon-fields.js';
import { couponStatuses } from '../../../domain/discounts/coupon-state.js';
import { couponListLimits, type CouponListInput } from '../../../domain/discounts/list-coupons.js';
import { discountTypes, offerLimits } from '../../../domain/discounts/offer-fields.js';
import { cursorParam, enumParam, integerParam, textParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, moneyString, uuid } from '../../kit/common-schemas.js';
import { listAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

export const couponListQuery = z
  .looseObject({
    limit: integerParam(1, couponListLimits.maxPageSize).meta({ description: `Page size, default ${couponListLimits.defaultPageSize}.` }),
    starting_after: cursorParam,
    discount_type: enumParam(discountTypes),
    status: enumParam(couponStatuses).meta({
      description: 'active: switched on and not expired (scheduled ones included); inactive: switched off; expired: past expires_at.',
    }),
    search: textParam(couponListLimits.maxSearchLength).meta({ description: 'Part of the code or the title, any case; % and _ are plain characters.' }),
  })
  .transform((q): CouponListInput => ({
    window: { size: q.limit ?? couponListLimits.defaultPageSize, after: q.starting_after },
    filter: { discountType: q.discount_type, status: q.status, search: q.search },
  }));

export const couponCreateBody = wireObject(couponCreateShape).meta({
  description: `title, code, discount_type and discount_value are required. code: trimmed, ${couponCodeRule.min}-${couponCodeRule.max} letters, digits, - or _, unique in the store whatever its case (a taken code is a 409 conflict). discount_value: a percentage above 0 and at most 100, or a fixed amount above 0. applies_to: all_products (default without targets), specific_products (needs target_product_ids) or specific_categories (needs target_category_ids), up to ${offerLimits.targetsPerList} uuids or integer ids of this store. expires_at must be after starts_at.`,
});

const money = moneyString.nullable();
const instant = isoTimestamp.nullable();

export const merchantCoupon = z
  .strictObject({
    id: uuid.meta({ description: 'The coupon uuid.' }),
    code: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    discount_type: z.enum(discountTypes),
    discount_value: moneyString,
    applies_to: z.enum(couponAppliesTo),
    target_product_ids: z.array(uuid),
    target_category_ids: z.array(uuid),
    minimum_order_amount: money,
    capped_amount: money,
    capped_amount_per_user: money,
    usage_limit: z.int().nullable(),
    usage_limit_per_user: z.int().nullable(),
    used_count: z.int(),
    is_active: z.boolean(),
    is_valid: z.boolean().meta({ description: 'At the time of the request: active, started, not expired and under its usage limit.' }),
    is_expired: z.boolean().meta({ description: 'At the time of the request: past expires_at.' }),
    image_url: z.string().nullable(),
    starts_at: instant,
    expires_at: instant,
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  })
  .meta({ id: 'MerchantCoupon', description: 'A code a shopper enters at checkout.' });

export const couponListAnswer = listAnswer(merchantCoupon);

/** The create answer has the spec's own envelope: `success`, `data`, `message` (no `status`). */
export const couponCreateAnswer = z.strictObject({ success: z.literal(true), data: merchantCoupon, message: z.string() });
