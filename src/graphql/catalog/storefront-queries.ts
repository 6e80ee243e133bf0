import { findCatalogProduct } from '../../domain/catalog/find-product.js';
import { listCatalogProducts } from '../../domain/catalog/list-catalog-products.js';
import { catalogSortNames } from '../../domain/catalog/product-sorts.js';
import { resolveLocale } from '../../domain/locale/resolve-locale.js';
import { builder } from '../builder.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { ProductRef } from './product-types.js';

const ProductSort = builder.enumType('ProductSort', {
  values: Object.fromEntries(catalogSortNames.map((name) => [name.toUpperCase(), { value: name }])) as Record<
    string,
    { value: (typeof catalogSortNames)[number] }
  >,
});

const ProductFilter = builder.inputType('ProductFilter', {
  fields: (t) => ({
    keyword: t.string({ required: false, description: 'Case-insensitive match on the title; up to 100 characters.' }),
    categorySlug: t.string({ required: false, description: 'The category and its subcategories.' }),
    categoryId: t.string({ required: false, description: 'Integer id or uuid of a category; the category and its subcategories.' }),
    hasVideo: t.boolean({ required: false }),
  }),
});

builder.queryFields((t) => ({
  products: t.connection({
    type: ProductRef,
    description: 'Shopper-visible products. Cursors are the same signed cursors as the REST next_cursor.',
    args: {
      filter: t.arg({ type: ProductFilter, required: false }),
      sort: t.arg({ type: ProductSort, required: false, defaultValue: 'latest' }),
      locale: t.arg.string({ required: false, description: 'A published locale code; anything else falls back to the primary.' }),
    },
    resolve: async (_root, args, context) => {
      const window = windowOf(args, 100);
      const page = await listCatalogProducts(
        context.ctx,
        {
          ...window.page,
          keyword: args.filter?.keyword ?? undefined,
          category_slug: args.filter?.categorySlug ?? undefined,
          category_id: args.filter?.categoryId ?? undefined,
          has_video: args.filter?.hasVideo ?? undefined,
          sort: args.sort ?? 'latest',
          locale: args.locale ?? undefined,
        },
        window.walk,
      );
      for (const row of page.rows) context.localeOf.set(row, page.locale);
      return connectionOf(page);
    },
  }),
  product: t.field({
    type: ProductRef,
    nullable: true,
    description: 'A shopper-visible product by slug or id; null when there is none.',
    args: { slug: t.arg.string({ required: false }), id: t.arg.string({ required: false }), locale: t.arg.string({ required: false }) },
    resolve: async (_root, args, context) => {
      if (!args.slug && !args.id) return null;
      const [product, locale] = await Promise.all([
        findCatalogProduct(context.ctx, { slug: args.slug, id: args.id }).catch((error) => {
          if (error?.code === 'not_found') return null;
          throw error;
        }),
        resolveLocale(context.ctx, args.locale),
      ]);
      if (product) context.localeOf.set(product, locale);
      return product;
    },
  }),
}));
