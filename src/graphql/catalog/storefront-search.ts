import { metafieldKeyPattern, searchStorefront, storefrontSearchLimits } from '../../domain/catalog/search-storefront.js';
import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { localized, ProductRef } from './product-types.js';
import { ProductSort } from './storefront-queries.js';

const { minKeywordLength, maxKeywordLength, maxMetafieldFilters, maxMetafieldValueLength, maxPageSize, defaultPageSize } = storefrontSearchLimits;

const MetafieldFilter = builder.inputType('MetafieldFilterInput', {
  description: "The product's metafield `key` holds `value` (a string, or the number or boolean it spells).",
  fields: (t) => ({
    key: t.string({ required: true, description: 'namespace.key: letters, digits, _ and -.' }),
    value: t.string({ required: true, description: `Up to ${maxMetafieldValueLength} characters.` }),
  }),
});

/** The bounds GET /storefront/search holds its parameters to, named by argument path. */
function searchFilters(keyword: string | null | undefined, metafields: { key: string; value: string }[] | null | undefined) {
  const errors: FieldErrors = {};
  const length = keyword === null || keyword === undefined ? undefined : [...keyword].length;
  if (length !== undefined && (length < minKeywordLength || length > maxKeywordLength))
    errors.keyword = [`must be between ${minKeywordLength} and ${maxKeywordLength} characters`];
  if ((metafields?.length ?? 0) > maxMetafieldFilters) errors.metafields = [`must hold at most ${maxMetafieldFilters} filters`];
  (metafields ?? []).forEach(({ key, value }, i) => {
    if (!metafieldKeyPattern.test(key)) errors[`metafields.${i}.key`] = ['must name a metafield as namespace.key (letters, digits, _ and -)'];
    if (value.length > maxMetafieldValueLength) errors[`metafields.${i}.value`] = [`must be at most ${maxMetafieldValueLength} characters`];
  });
  if (Object.keys(errors).length) throw ApiError.validation(errors);
  return { keyword: keyword ?? undefined, metafields: Object.fromEntries((metafields ?? []).map(({ key, value }) => [key, value])) };
}

builder.objectFields(Merchant, (t) => ({
  storefrontSearch: t.connection({
    type: ProductRef,
    ...merchantScope('merchant-items-read'),
    description:
      'GET /storefront/search: shopper-visible products as shoppers see them, in the primary locale; the keyword is a case-sensitive LIKE on the title (% and _ wildcards). Cursors are REST next_cursor.',
    args: {
      keyword: t.arg.string({ required: false }),
      inStock: t.arg.boolean({ required: false }),
      metafields: t.arg({ type: [MetafieldFilter], required: false, description: `Up to ${maxMetafieldFilters}; all must hold.` }),
      sort: t.arg({ type: ProductSort, required: false, defaultValue: 'latest' }),
    },
    resolve: async (_m, args, { ctx }) => {
      const window = windowOf(args, maxPageSize, defaultPageSize);
      const page = await searchStorefront(ctx, {
        ...searchFilters(args.keyword, args.metafields),
        inStock: args.inStock ?? undefined,
        sort: args.sort ?? 'latest',
        window,
      });
      return connectionOf({ ...page, rows: page.rows.map((product) => localized(product, page.locale)), cursorOf: (row) => page.cursorOf(row) });
    },
  }),
}));
