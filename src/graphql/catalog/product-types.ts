import type { Prisma, Product } from '../../generated/prisma/client.js';
import { localizedCategory, localizedProductText } from '../../domain/catalog/product-view.js';
import { pricingOf } from '../../domain/pricing/pricing-of.js';
import { sellableVariants, variantPricing } from '../../domain/pricing/product-pricing.js';
import { orderedRenditions, renditionNames } from '../../domain/media/renditions.js';
import { builder } from '../builder.js';
import type { ResolvedLocale } from '../../domain/locale/resolve-locale.js';
import { localizedOptions } from '../../domain/catalog/localized-variants.js';
import type { Ctx } from '../../domain/context.js';
import type { GraphqlContext } from '../graphql-context.js';
import { Money, PriceRange, type MoneyValue } from '../shared/money.js';

export const ImageRendition = builder.objectRef<{ name: string; url: string; w: number | null; h: number | null }>('ImageRendition').implement({
  fields: (t) => ({
    name: t.exposeString('name', { description: `One of ${renditionNames.join(', ')}.` }),
    url: t.exposeString('url'),
    width: t.exposeInt('w', { nullable: true, description: 'Pixels; null for `thumb`, a square crop.' }),
    height: t.exposeInt('h', { nullable: true, description: 'Pixels; null for `thumb`, a square crop.' }),
  }),
});

export const ProductImage = builder.prismaObject('ProductImage', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    mediaId: t.exposeInt('fileId', {
      nullable: true,
      description:
        'The library file this image shows (`MediaFile.id`): the `image` productImageSetPrimary and productImageDelete take. Null for an image known by its URL alone.',
    }),
    url: t.exposeString('url'),
    alt: t.exposeString('alt', { nullable: true }),
    width: t.exposeInt('width', { nullable: true }),
    height: t.exposeInt('height', { nullable: true }),
    position: t.exposeInt('position'),
    isPrimary: t.exposeBoolean('isPrimary'),
    renditions: t.field({
      type: [ImageRendition],
      resolve: (image) => Object.entries(orderedRenditions(image.sizes)).map(([name, r]) => ({ name, ...r })),
    }),
  }),
});

export const Category = builder.prismaObject('Category', {
  fields: (t) => ({
    uuid: t.expose('id', { type: 'UUID', description: 'The uuid (REST `id`); `id` is the global id.' }),
    pId: t.exposeInt('pId'),
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    parentId: t.expose('parentId', { type: 'UUID', nullable: true }),
  }),
});

export const ProductOption = builder.prismaObject('ProductOption', {
  fields: (t) => ({
    name: t.exposeString('name'),
    position: t.exposeInt('position'),
    values: t.exposeStringList('values'),
  }),
});

export function money(amount: Prisma.Decimal, context: GraphqlContext): MoneyValue {
  return { amount, currencyCode: context.ctx.store.currency };
}

export const Variant = builder.prismaObject('Variant', {
  fields: (t) => ({
    uuid: t.expose('id', { type: 'UUID', description: 'The uuid (REST `id`); `id` is the global id.' }),
    pId: t.exposeInt('pId'),
    title: t.exposeString('title'),
    sku: t.exposeString('sku', { nullable: true }),
    optionValues: t.expose('optionValues', { type: 'JSONObject', description: 'Option name to value, such as {"Size": "M"}.' }),
    price: t.field({ type: Money, resolve: (v, _a, context) => money(variantPricing(v).price, context) }),
    compareAtPrice: t.field({
      type: Money,
      nullable: true,
      resolve: (v, _a, context) => {
        const { compareAtPrice } = variantPricing(v);
        return compareAtPrice ? money(compareAtPrice, context) : null;
      },
    }),
    inStock: t.boolean({ resolve: (v) => variantPricing(v).inStock }),
    quantity: t.int({ nullable: true, description: 'Null when stock is not tracked.', resolve: (v) => variantPricing(v).quantity }),
    isBackorder: t.exposeBoolean('isBackorder'),
    position: t.exposeInt('position'),
  }),
});

const pricing = (product: Product, { ctx }: GraphqlContext) => pricingOf(ctx, product);

/** A shopper's product row with the locale it was read in, carried to every field that shows text. */
export type LocalizedProduct = Product & { locale: ResolvedLocale };

/**
 * The product's options and variants in its locale (both fields read the same translations). In the
 * primary locale there is nothing to translate, so a field reads only its own rows: a page asking
 * for variants alone costs no options statement.
 */
async function optionsIn(ctx: Ctx, product: LocalizedProduct, wanted: 'options' | 'variants') {
  if (product.locale.isPrimary) {
    return wanted === 'options'
      ? { options: await ctx.loaders.optionsByProduct.load(product.id), variants: [] }
      : { options: [], variants: await ctx.loaders.variantsByProduct.load(product.id) };
  }
  const [options, variants] = await Promise.all([ctx.loaders.optionsByProduct.load(product.id), ctx.loaders.variantsByProduct.load(product.id)]);
  return localizedOptions(ctx, product.id, options, variants, product.locale);
}

export function localized(product: Product, locale: ResolvedLocale): LocalizedProduct {
  return { ...product, locale };
}

async function textOf(product: LocalizedProduct, context: GraphqlContext) {
  return localizedProductText(context.ctx, product, product.locale);
}

export const ProductRef = builder.objectRef<LocalizedProduct>('Product').implement({
  description: 'A product as a shopper sees it: text in the requested locale, prices as paid.',
  fields: (t) => ({
    uuid: t.expose('id', { type: 'UUID', description: 'The uuid (REST `id`); `id` is the global id.' }),
    pId: t.exposeInt('pId'),
    slug: t.exposeString('slug'),
    title: t.string({ resolve: async (p, _a, c) => (await textOf(p, c)).title }),
    excerpt: t.string({ nullable: true, resolve: async (p, _a, c) => (await textOf(p, c)).excerpt }),
    description: t.string({ nullable: true, resolve: async (p, _a, c) => (await textOf(p, c)).description }),
    type: t.exposeString('type'),
    price: t.field({
      type: Money,
      description: "The product's own price, or its cheapest active variant's, before discounts (discountPrice is what the shopper pays).",
      resolve: async (p, _a, c) => money((await pricing(p, c)).price, c),
    }),
    compareAtPrice: t.field({
      type: Money,
      nullable: true,
      resolve: async (p, _a, c) => {
        const { compareAtPrice } = await pricing(p, c);
        return compareAtPrice ? money(compareAtPrice, c) : null;
      },
    }),
    priceRange: t.field({
      type: PriceRange,
      resolve: async (p, _a, c) => {
        const s = await pricing(p, c);
        return { min: money(s.minPrice, c), max: money(s.maxPrice, c) };
      },
    }),
    hasVariants: t.boolean({ resolve: async (p, _a, c) => (await pricing(p, c)).hasVariants }),
    inStock: t.boolean({ resolve: async (p, _a, c) => (await pricing(p, c)).inStock }),
    totalStock: t.int({ nullable: true, description: 'Null when stock is not tracked.', resolve: async (p, _a, c) => (await pricing(p, c)).totalStock }),
    videoUrl: t.exposeString('videoUrl', { nullable: true }),
    featured: t.exposeBoolean('featured'),
    rating: t.float({ resolve: (p) => Number(p.rating) }),
    reviewCount: t.exposeInt('reviewCount'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    category: t.field({
      type: Category,
      nullable: true,
      resolve: async (p, _a, c) => {
        const category = await localizedCategory(c.ctx, p.categoryId, p.locale);
        return category ? { ...category, name: category.localizedName } : null;
      },
    }),
    images: t.field({ type: [ProductImage], resolve: (p, _a, { ctx }) => ctx.loaders.imagesByProduct.load(p.id) }),
    options: t.field({ type: [ProductOption], resolve: async (p, _a, { ctx }) => (await optionsIn(ctx, p, 'options')).options }),
    variants: t.field({
      type: [Variant],
      description: 'Variants a shopper can buy.',
      resolve: async (p, _a, { ctx }) => sellableVariants((await optionsIn(ctx, p, 'variants')).variants),
    }),
  }),
});
