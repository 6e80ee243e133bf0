import type { Coupon as CouponRow, Discount as DiscountRow } from '../../generated/prisma/client.js';
import { couponAppliesTo } from '../../domain/discounts/coupon-fields.js';
import { couponStatuses, isExpired, isValid } from '../../domain/discounts/coupon-state.js';
import { discountKinds } from '../../domain/discounts/discount-fields.js';
import { discountTypes } from '../../domain/discounts/offer-fields.js';
import { discountReference } from '../../domain/discounts/reference.js';
import { builder } from '../builder.js';

// The GraphQL faces of the REST Discount and Coupon objects, camelCased; money as Decimal strings.

const enumOf = <const T extends readonly string[]>(name: string, values: T, description?: string) =>
  builder.enumType(name, {
    description,
    values: Object.fromEntries(values.map((value) => [value.toUpperCase(), { value }])) as Record<string, { value: T[number] }>,
  });

export const DiscountType = enumOf('DiscountType', discountTypes);
export const DiscountKind = enumOf(
  'DiscountKind',
  discountKinds,
  'A promotion is a published, shopper-facing discount with a title, image, priority and validity window.',
);
export const DiscountStatus = enumOf('DiscountStatus', ['active', 'inactive'] as const, 'The isActive flag.');
export const CouponAppliesTo = enumOf('CouponAppliesTo', couponAppliesTo);
export const CouponStatus = enumOf(
  'CouponStatus',
  couponStatuses,
  'ACTIVE: switched on and not expired (scheduled included); INACTIVE: switched off; EXPIRED: past expiresAt.',
);

const money = (value: { toFixed(places: number): string } | null) => (value === null ? null : value.toFixed(2));

export const Discount = builder.objectRef<DiscountRow>('Discount').implement({
  description: 'A discount or a promotion of the store (REST GET /discounts/{discount}).',
  fields: (t) => ({
    uuid: t.field({ type: 'UUID', description: 'The uuid (REST `id`); `id` is the global id.', resolve: (d) => d.id }),
    pId: t.exposeInt('pId', { description: 'The integer id; `{discount}` of REST paths takes it too.' }),
    reference: t.string({ description: 'Such as D-000123.', resolve: (d) => discountReference(d.pId) }),
    kind: t.field({ type: DiscountKind, resolve: (d) => d.kind as (typeof discountKinds)[number] }),
    title: t.exposeString('title'),
    description: t.exposeString('description', { nullable: true }),
    type: t.field({ type: DiscountType, resolve: (d) => d.type as (typeof discountTypes)[number] }),
    value: t.field({ type: 'Decimal', resolve: (d) => d.value.toFixed(2) }),
    productIds: t.field({ type: ['UUID'], resolve: (d) => d.productIds }),
    categoryIds: t.field({ type: ['UUID'], resolve: (d) => d.categoryIds }),
    minimumOrderAmount: t.field({ type: 'Decimal', nullable: true, resolve: (d) => money(d.minimumOrderAmount) }),
    minimumQuantity: t.exposeInt('minimumQuantity', { nullable: true }),
    cappedAmount: t.field({ type: 'Decimal', nullable: true, resolve: (d) => money(d.cappedAmount) }),
    cappedAmountPerUser: t.field({ type: 'Decimal', nullable: true, resolve: (d) => money(d.cappedAmountPerUser) }),
    maxUsageTotal: t.exposeInt('maxUsageTotal', { nullable: true }),
    maxUsagePerUser: t.exposeInt('maxUsagePerUser', { nullable: true }),
    usageCount: t.exposeInt('usageCount'),
    autoApply: t.exposeBoolean('autoApply'),
    isActive: t.exposeBoolean('isActive'),
    isPublished: t.exposeBoolean('isPublished'),
    priority: t.exposeInt('priority', { description: 'Higher first where promotions are listed together.' }),
    imageUrl: t.exposeString('imageUrl', { nullable: true }),
    validFrom: t.expose('validFrom', { type: 'DateTime', nullable: true }),
    validUntil: t.expose('validUntil', { type: 'DateTime', nullable: true }),
    publishedAt: t.expose('publishedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const Coupon = builder.objectRef<CouponRow>('Coupon').implement({
  description: 'A code a shopper enters at checkout (REST GET /coupons).',
  fields: (t) => ({
    uuid: t.field({ type: 'UUID', description: 'The uuid (REST `id`); `id` is the global id.', resolve: (c) => c.id }),
    code: t.exposeString('code'),
    title: t.exposeString('title'),
    description: t.exposeString('description', { nullable: true }),
    discountType: t.field({ type: DiscountType, resolve: (c) => c.discountType as (typeof discountTypes)[number] }),
    discountValue: t.field({ type: 'Decimal', resolve: (c) => c.discountValue.toFixed(2) }),
    appliesTo: t.field({ type: CouponAppliesTo, resolve: (c) => c.appliesTo as (typeof couponAppliesTo)[number] }),
    targetProductIds: t.field({ type: ['UUID'], resolve: (c) => c.targetProductIds }),
    targetCategoryIds: t.field({ type: ['UUID'], resolve: (c) => c.targetCategoryIds }),
    minimumOrderAmount: t.field({ type: 'Decimal', nullable: true, resolve: (c) => money(c.minimumOrderAmount) }),
    cappedAmount: t.field({ type: 'Decimal', nullable: true, resolve: (c) => money(c.cappedAmount) }),
    cappedAmountPerUser: t.field({ type: 'Decimal', nullable: true, resolve: (c) => money(c.cappedAmountPerUser) }),
    usageLimit: t.exposeInt('usageLimit', { nullable: true }),
    usageLimitPerUser: t.exposeInt('usageLimitPerUser', { nullable: true }),
    usedCount: t.exposeInt('usedCount'),
    isActive: t.exposeBoolean('isActive'),
    isValid: t.boolean({
      description: 'At the time of the request: active, started, not expired and under its usage limit.',
      resolve: (c, _args, { ctx }) => isValid(c, ctx.now),
    }),
    isExpired: t.boolean({ description: 'At the time of the request: past expiresAt.', resolve: (c, _args, { ctx }) => isExpired(c, ctx.now) }),
    imageUrl: t.exposeString('imageUrl', { nullable: true }),
    startsAt: t.expose('startsAt', { type: 'DateTime', nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});
