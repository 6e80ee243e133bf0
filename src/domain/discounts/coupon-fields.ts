import { z } from 'zod';
import { clearable, flexBoolean, nullableText, requiredText } from '../../platform/validation/body-fields.js';
import { moneyInput } from '../../platform/validation/money.js';
import { optionalExcept } from '../catalog/writes/product-fields.js';
import { countLimit, discountType, instant, targetList } from './offer-fields.js';

// The fields of a coupon create, named as the domain names them (camelCase); REST wires them
// under snake_case names, GraphQL passes them as they are.

export const couponAppliesTo = ['all_products', 'specific_products', 'specific_categories'] as const;
export type CouponAppliesTo = (typeof couponAppliesTo)[number];

export const couponCodeRule = { min: 3, max: 50, pattern: /^[A-Za-z0-9_-]+$/ } as const;

/** A code as shoppers type it: trimmed, 3-50 letters, digits, `-` or `_`; its case is kept for display. */
export const couponCode = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(couponCodeRule.min, { error: `must be at least ${couponCodeRule.min} characters` })
  .max(couponCodeRule.max, { error: `must be at most ${couponCodeRule.max} characters` })
  .regex(couponCodeRule.pattern, { error: 'must hold only letters, digits, - and _' });

export const couponFieldShape = {
  title: requiredText(255),
  description: nullableText(5000),
  code: couponCode,
  discountType,
  discountValue: moneyInput,
  minimumOrderAmount: clearable(moneyInput),
  appliesTo: z.enum(couponAppliesTo, { error: 'must be all_products, specific_products or specific_categories' }),
  usageLimit: countLimit,
  usageLimitPerUser: countLimit,
  targetProductIds: targetList,
  targetCategoryIds: targetList,
  cappedAmount: clearable(moneyInput),
  startsAt: instant,
  expiresAt: instant,
  isActive: flexBoolean,
};

export const couponCreateShape = optionalExcept(couponFieldShape, ['title', 'code', 'discountType', 'discountValue']);
export const couponCreateInput = z.strictObject(couponCreateShape);
export type CouponCreateInput = z.output<typeof couponCreateInput>;
