import type { Collection } from '../../generated/prisma/client.js';
import { storefrontCollectionsOf } from '../../domain/catalog/product-collections.js';
import { relatedProducts, RELATED_LIMIT } from '../../domain/catalog/related-products.js';
import { pricingOf } from '../../domain/pricing/pricing-of.js';
import { builder } from '../builder.js';
import { localized, money, ProductRef } from '../catalog/product-types.js';
import { Money } from '../shared/money.js';
import { AppliedDiscount } from './types.js';

const CollectionSummary = builder.objectRef<Collection>('CollectionSummary').implement({
  description: 'A storefront collection as a product names it.',
  fields: (t) => ({
    id: t.field({ type: 'UUID', resolve: (c) => c.id }),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
  }),
});

builder.objectFields(ProductRef, (t) => ({
  discountPrice: t.field({
    type: Money,
    description: 'What the shopper pays: price less the single best live automatic discount (REST discount_price). PRICE_LOW and PRICE_HIGH order by it.',
    resolve: async (p, _a, c) => money((await pricingOf(c.ctx, p)).discountPrice, c),
  }),
  discount: t.field({
    type: AppliedDiscount,
    nullable: true,
    description: 'The discount that sets discountPrice: the lowest final price, then the higher priority, then the older.',
    resolve: async (p, _a, c) => (await pricingOf(c.ctx, p)).discount,
  }),
  discounts: t.field({
    type: [AppliedDiscount],
    description: 'Every live automatic discount that applies, each on the full price, best first.',
    resolve: async (p, _a, c) => (await pricingOf(c.ctx, p)).discounts,
  }),
  related: t.field({
    type: [ProductRef],
    description: `Up to ${RELATED_LIMIT} products in the same category or a shared collection (REST /store/products/{slug}/related).`,
    resolve: async (p, _a, { ctx }) => (await relatedProducts(ctx, p)).map((row) => localized(row, p.locale)),
  }),
  collections: t.field({
    type: [CollectionSummary],
    description: 'Storefront collections holding the product as a manual member, in the merchant order.',
    resolve: (p, _a, { ctx }) => storefrontCollectionsOf(ctx, p.id),
  }),
}));
