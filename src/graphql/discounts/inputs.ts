import { builder } from '../builder.js';
import { CouponAppliesTo, CouponStatus, DiscountKind, DiscountStatus, DiscountType } from './types.js';

// The inputs of the discount and coupon fields: the REST bodies and query parameters under
// camelCase names. Values go through the domain's parsers (src/domain/discounts/*-fields.ts), so
// the rules and messages are REST's; a userError names the field as `input.<path>`.

const idList = 'uuids or integer ids of this store';

export const DiscountCreateInput = builder.inputType('DiscountCreateInput', {
  description: 'POST /discounts: title, type and value are required.',
  fields: (t) => ({
    title: t.string({ required: true }),
    description: t.string({ required: false }),
    type: t.field({ type: DiscountType, required: true }),
    value: t.field({ type: 'Decimal', required: true, description: 'A percentage above 0 and at most 100, or a fixed amount above 0.' }),
    productIds: t.stringList({ required: false, description: `Up to 1000 ${idList}; none (and no categories): every product.` }),
    categoryIds: t.stringList({ required: false, description: `Up to 1000 ${idList}.` }),
    minimumOrderAmount: t.field({ type: 'Decimal', required: false }),
    minimumQuantity: t.int({ required: false }),
    cappedAmount: t.field({ type: 'Decimal', required: false }),
    cappedAmountPerUser: t.field({ type: 'Decimal', required: false }),
    maxUsageTotal: t.int({ required: false }),
    maxUsagePerUser: t.int({ required: false }),
    validFrom: t.field({ type: 'DateTime', required: false }),
    validUntil: t.field({ type: 'DateTime', required: false, description: 'After validFrom.' }),
    isActive: t.boolean({ required: false }),
    isPublished: t.boolean({ required: false, description: 'True publishes at once and sets publishedAt.' }),
    autoApply: t.boolean({ required: false }),
    imageUrl: t.string({ required: false, description: 'Downloaded into the store media library (never hot-linked).' }),
    kind: t.field({ type: DiscountKind, required: false, description: 'DISCOUNT by default.' }),
    priority: t.int({ required: false, description: '0-1000, higher first.' }),
  }),
});

export const CouponCreateInput = builder.inputType('CouponCreateInput', {
  description: 'POST /coupons: title, code, discountType and discountValue are required.',
  fields: (t) => ({
    title: t.string({ required: true }),
    description: t.string({ required: false }),
    code: t.string({ required: true, description: 'Trimmed; 3-50 letters, digits, - or _; unique in the store whatever its case.' }),
    discountType: t.field({ type: DiscountType, required: true }),
    discountValue: t.field({ type: 'Decimal', required: true }),
    minimumOrderAmount: t.field({ type: 'Decimal', required: false }),
    appliesTo: t.field({ type: CouponAppliesTo, required: false, description: 'Left out, it follows the targets sent.' }),
    usageLimit: t.int({ required: false }),
    usageLimitPerUser: t.int({ required: false }),
    targetProductIds: t.stringList({ required: false, description: `Up to 1000 ${idList}; for SPECIFIC_PRODUCTS.` }),
    targetCategoryIds: t.stringList({ required: false, description: `Up to 1000 ${idList}; for SPECIFIC_CATEGORIES.` }),
    cappedAmount: t.field({ type: 'Decimal', required: false }),
    startsAt: t.field({ type: 'DateTime', required: false }),
    expiresAt: t.field({ type: 'DateTime', required: false, description: 'After startsAt.' }),
    isActive: t.boolean({ required: false }),
  }),
});

export const DiscountFilter = builder.inputType('DiscountFilter', {
  fields: (t) => ({
    type: t.field({ type: DiscountType, required: false }),
    status: t.field({ type: DiscountStatus, required: false }),
    kind: t.field({ type: DiscountKind, required: false, description: 'Left out: both kinds.' }),
    search: t.string({
      required: false,
      description: 'Part of the title (any case, % and _ literal) or a whole reference such as D-000123; up to 255 characters.',
    }),
  }),
});

export const CouponFilter = builder.inputType('CouponFilter', {
  fields: (t) => ({
    discountType: t.field({ type: DiscountType, required: false }),
    status: t.field({ type: CouponStatus, required: false }),
    search: t.string({ required: false, description: 'Part of the code or the title, any case; up to 255 characters.' }),
  }),
});

/** GraphQL DateTime inputs arrive as Dates; the domain's parsers read the ISO 8601 text REST sends. */
export function withIsoDates<T extends object>(input: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}
