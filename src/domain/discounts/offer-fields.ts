import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { clearable, wholeNumber } from '../../platform/validation/body-fields.js';
import { timestampParam } from '../../platform/validation/wire-params.js';

// Field rules discounts and coupons share: what they take off, what they target, when they run.

export const offerLimits = {
  /** A discount targets up to this many products (or categories); more is a 422 on the list, not a slow write. */
  targetsPerList: 1000,
  maxCount: 2_147_483_647,
  maxPriority: 1000,
} as const;

export const discountTypes = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof discountTypes)[number];

export const discountType = z.enum(discountTypes, { error: 'must be percentage or fixed' });

/** A product or category named by its uuid or its integer id. */
const targetRef = z.union([z.string(), z.int()], { error: 'must be a uuid or an integer id' }).transform((v) => String(v));

export const targetList = z
  .array(targetRef, { error: 'must be a list of uuids or integer ids' })
  .max(offerLimits.targetsPerList, { error: `must list at most ${offerLimits.targetsPerList} ids` });

/** A count limit (uses, quantity): a whole number from 1, or null for none. */
export const countLimit = clearable(wholeNumber(1, offerLimits.maxCount));

/** An instant in ISO 8601; one without an offset is UTC. Null means an open end. */
export const instant = clearable(timestampParam).meta({ description: 'ISO 8601 timestamp, such as 2026-01-31T12:00:00Z; null for none.' });

/**
 * What an amount off must be for its type: a percentage above 0 and at most 100, a fixed amount
 * above 0 (the money parser already refused negatives and more than 2 decimals).
 */
export function checkValue(type: DiscountType, value: Prisma.Decimal, field: string): void {
  if (value.lte(0)) throw ApiError.invalidField(field, 'must be greater than 0');
  if (type === 'percentage' && value.gt(100)) throw ApiError.invalidField(field, 'must be at most 100 for a percentage');
}

/** An end must come after its start; either end may be open. */
export function checkWindow(start: Date | null | undefined, end: Date | null | undefined, endField: string): void {
  if (start && end && end <= start) throw ApiError.invalidField(endField, 'must be after the start of the validity window');
}
