import { z } from 'zod';
import { clearable, flexBoolean, nullableText, requiredText, wholeNumber } from '../../platform/validation/body-fields.js';
import { moneyInput } from '../../platform/validation/money.js';
import { imageUrlInput } from '../catalog/writes/product-image-fields.js';
import { optionalExcept } from '../catalog/writes/product-fields.js';
import { countLimit, discountType, instant, offerLimits, targetList } from './offer-fields.js';

// The fields of a discount create, named as the domain names them (camelCase). REST wires them
// under snake_case names and GraphQL passes them as they are, so rules and messages agree.

export const discountKinds = ['discount', 'promotion'] as const;
export type DiscountKind = (typeof discountKinds)[number];

export const discountFieldShape = {
  title: requiredText(255),
  description: nullableText(5000),
  type: discountType,
  value: moneyInput,
  productIds: targetList,
  categoryIds: targetList,
  minimumOrderAmount: clearable(moneyInput),
  minimumQuantity: countLimit,
  cappedAmount: clearable(moneyInput),
  cappedAmountPerUser: clearable(moneyInput),
  maxUsageTotal: countLimit,
  maxUsagePerUser: countLimit,
  validFrom: instant,
  validUntil: instant,
  isActive: flexBoolean,
  isPublished: flexBoolean,
  autoApply: flexBoolean,
  /** Downloaded into the store's media library behind the SSRF guard, never hot-linked. */
  imageUrl: imageUrlInput,
  kind: z.enum(discountKinds, { error: 'must be discount or promotion' }),
  /** Higher first where promotions are listed together. */
  priority: wholeNumber(0, offerLimits.maxPriority),
};

export const discountCreateShape = optionalExcept(discountFieldShape, ['title', 'type', 'value']);
export const discountCreateInput = z.strictObject(discountCreateShape);
export type DiscountCreateInput = z.output<typeof discountCreateInput>;
