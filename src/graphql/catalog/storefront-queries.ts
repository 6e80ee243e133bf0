import { findProductPage } from '../../domain/catalog/find-product-page.js';
import { catalogListLimits, listCatalogProducts } from '../../domain/catalog/list-catalog-products.js';
import { catalogSortNames } from '../../domain/catalog/product-sorts.js';
import { z } from 'zod';
import { hasNoNul } from '../../platform/validation/text-rules.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, catalogueCacheField, storeKeyField } from '../builder.js';
import { pageViewField } from '../page-views.js';
import { withArgNames } from '../shared/arg-names.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { localized, ProductRef } from './product-types.js';

export const ProductSort = builder.enumType('ProductSort', {
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
    inStock: t.boolean({ required: false, description: 'true: only products a shopper can buy now; false: only sold-out ones (REST in_stock).' }),
  }),
});

const filterArgNames = {
  keyword: 'filter.keyword',
  categorySlug: 'filter.categorySlug',
  categoryId: 'filter.categoryId',
  hasVideo: 'filter.hasVideo',
  inStock: 'filter.inStock',
};

/** What GraphQL checks of its own arguments before the domain runs; paths are the argument paths. */
const productArgs = z.object({
  filter: z
    .object({
      keyword: z
        .string()
        .max(catalogListLimits.maxKeywordLength, { error: `must be at most ${catalogListLimits.maxKeywordLength} characters` })
        .refine(hasNoNul, { error: 'must not contain NUL characters' })
        .nullish(),
    })
    .nullish(),
});

builder.queryFields((t) => ({
  products: t.connection({
    type: ProductRef,
    ...storeKeyField,
    ...catalogueCacheField,
    description: 'Shopper-visible products. Cursors are the same signed cursors as the REST next_cursor.',
    args: {
      filter: t.arg({ type: ProductFilter, required: false }),
      sort: t.arg({ type: ProductSort, required: false, defaultValue: 'latest' }),
      locale: t.arg.string({ required: false, description: 'A published locale code; anything else falls back to the primary.' }),
    },
    resolve: async (_root, args, { ctx }) => {
      parseInput(productArgs, args);
      const { filter } = args;
      const page = await withArgNames(filterArgNames, () =>
        listCatalogProducts(ctx, {
          window: windowOf(args, catalogListLimits.maxPageSize, catalogListLimits.defaultPageSize),
          keyword: filter?.keyword?.trim() || undefined,
          categorySlug: filter?.categorySlug ?? undefined,
          categoryId: filter?.categoryId ?? undefined,
          hasVideo: filter?.hasVideo ?? undefined,
          inStock: filter?.inStock ?? undefined,
          sort: args.sort ?? 'latest',
          locale: args.locale,
        }),
      );
      return connectionOf({ ...page, rows: page.rows.map((product) => localized(product, page.locale)), cursorOf: (row) => page.cursorOf(row) });
    },
  }),
  product: t.field({
    type: ProductRef,
    ...storeKeyField,
    extensions: { ...catalogueCacheField.extensions, ...pageViewField('product') },
    nullable: true,
    description: 'A shopper-visible product by slug or id; null when there is none.',
    args: { slug: t.arg.string({ required: false }), id: t.arg.string({ required: false }), locale: t.arg.string({ required: false }) },
    resolve: async (_root, args, { ctx }) => {
      if (!args.slug && !args.id) return null;
      const found = await findProductPage(ctx, { slug: args.slug, id: args.id, locale: args.locale }).catch((error) => {
        if (error?.code === 'not_found') return null;
        throw error;
      });
      return found && localized(found.product, found.locale);
    },
  }),
}));
