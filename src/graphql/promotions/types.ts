import type { Discount as DiscountRow } from '../../generated/prisma/client.js';
import { isLive } from '../../domain/discounts/liveness.js';
import type { AppliedDiscount as AppliedDiscountValue, Discount as StoreDiscountValue, DiscountType as Type } from '../../domain/pricing/discounts.js';
import { builder } from '../builder.js';
import { DiscountStatus, DiscountType } from '../discounts/types.js';
import { Money } from '../shared/money.js';
import type { GraphqlContext } from '../graphql-context.js';

// Shopper faces of the store's discounts: the Promotion object, a discount as the shop announces
// it, and a discount applied to a product's price.

const moneyOf = (amount: AppliedDiscountValue['amount'], { ctx }: GraphqlContext) => ({ amount, currencyCode: ctx.store.currency });

export const Promotion = builder.objectRef<DiscountRow>('Promotion').implement({
  description: 'A published promotion of the store (REST GET /store/promotions).',
  fields: (t) => ({
    uuid: t.field({ type: 'UUID', description: 'The uuid (REST `id`); `id` is the global id.', resolve: (p) => p.id }),
    title: t.exposeString('title'),
    description: t.exposeString('description', { nullable: true }),
    imageUrl: t.exposeString('imageUrl', { nullable: true }),
    type: t.field({ type: DiscountType, resolve: (p) => p.type as Type }),
    value: t.field({ type: 'Decimal', description: 'The percentage, or the amount in the store currency.', resolve: (p) => p.value.toFixed(2) }),
    priority: t.exposeInt('priority'),
    validFrom: t.expose('validFrom', { type: 'DateTime', nullable: true }),
    validUntil: t.expose('validUntil', { type: 'DateTime', nullable: true }),
    status: t.field({ type: DiscountStatus, resolve: (p) => (p.isActive ? 'active' : 'inactive') }),
    isLive: t.boolean({ description: 'Active, published and inside its validity window now.', resolve: (p, _a, { ctx }) => isLive(p, ctx.now) }),
  }),
});

export const ShopDiscount = builder.objectRef<StoreDiscountValue>('ShopDiscount').implement({
  description: 'A live discount the shop announces: a promotion, or an automatic discount that lowers prices by itself.',
  fields: (t) => ({
    id: t.field({ type: 'UUID', resolve: (d) => d.id }),
    title: t.exposeString('title'),
    type: t.field({ type: DiscountType, resolve: (d) => d.type }),
    value: t.field({ type: 'Decimal', resolve: (d) => d.value.toFixed(2) }),
    imageUrl: t.exposeString('imageUrl', { nullable: true }),
  }),
});

export const AppliedDiscount = builder.objectRef<AppliedDiscountValue>('AppliedDiscount').implement({
  description: "A live automatic discount applied to a product's price on its own (discounts do not stack).",
  fields: (t) => ({
    id: t.field({ type: 'UUID', resolve: (d) => d.id }),
    title: t.exposeString('title'),
    type: t.field({ type: DiscountType, resolve: (d) => d.type }),
    value: t.field({ type: 'Decimal', resolve: (d) => d.value.toFixed(2) }),
    amount: t.field({ type: Money, description: 'What it takes off the price.', resolve: (d, _a, c) => moneyOf(d.amount, c) }),
    finalPrice: t.field({ type: Money, description: 'What the shopper would pay with it.', resolve: (d, _a, c) => moneyOf(d.finalPrice, c) }),
    imageUrl: t.exposeString('imageUrl', { nullable: true }),
  }),
});
