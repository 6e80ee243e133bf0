import { merchantPricingOf } from '../../domain/pricing/pricing-of.js';
import { builder } from '../builder.js';
import { Money } from '../shared/money.js';
import { money, ProductImage, Variant } from './product-types.js';

export const MerchantProduct = builder.prismaObject('Product', {
  variant: 'MerchantProduct',
  description: "A product as the store's own systems see it: every status, its own price as entered, stock and metadata.",
  fields: (t) => ({
    uuid: t.expose('id', { type: 'UUID', description: 'The uuid (REST `id`); `id` is the global id.' }),
    pId: t.exposeInt('pId', { description: 'The integer id of the REST merchant API.' }),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    excerpt: t.exposeString('excerpt', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    status: t.exposeString('status'),
    published: t.exposeBoolean('published'),
    price: t.field({ type: Money, resolve: (p, _a, c) => money(p.price, c) }),
    storefrontPrice: t.field({
      type: Money,
      resolve: async (p, _a, c) => money((await merchantPricingOf(c.ctx, p)).price, c),
    }),
    sku: t.exposeString('sku', { nullable: true }),
    barcode: t.exposeString('barcode', { nullable: true }),
    stock: t.int({
      description: "Units on hand: the product's own stock, or the sum over its active variants that track inventory.",
      resolve: async (p, _a, c) => (await merchantPricingOf(c.ctx, p)).stock,
    }),
    trackInventory: t.exposeBoolean('trackInventory'),
    isDigital: t.exposeBoolean('isDigital'),
    metafields: t.expose('metafields', { type: 'JSONObject' }),
    metadata: t.expose('metadata', { type: 'JSONObject' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    variants: t.field({ type: [Variant], description: 'Every variant, active or not.', resolve: (p, _a, { ctx }) => ctx.loaders.variantsByProduct.load(p.id) }),
    images: t.field({ type: [ProductImage], resolve: (p, _a, { ctx }) => ctx.loaders.imagesByProduct.load(p.id) }),
  }),
});
