import { z } from 'zod';
import { catalogSortNames } from '../../../domain/catalog/product-sorts.js';
import { metafieldKeyPattern, storefrontSearchLimits, type StorefrontSearchInput } from '../../../domain/catalog/search-storefront.js';
import { hasNoNul } from '../../../platform/validation/text-rules.js';
import { booleanParam, cursorParam, enumParam, integerParam, textParam } from '../../../platform/validation/wire-params.js';
import { listAnswer } from '../../kit/envelope.js';
import { moneyString } from '../../kit/common-schemas.js';
import { cardFields } from '../../storefront/products/schemas.js';

const { minKeywordLength, maxKeywordLength, maxMetafieldFilters, maxMetafieldValueLength, maxPageSize, defaultPageSize } = storefrontSearchLimits;

/** `metafields[custom.material]=wool`: the query parser keeps the brackets in the name, so each filter is its own parameter. */
const metafieldParam = /^metafields\[(.*)\]$/;

function metafieldFilters(query: Record<string, unknown>): [string, string, unknown][] {
  return Object.entries(query).flatMap(([name, value]) => {
    const key = metafieldParam.exec(name)?.[1];
    return key === undefined ? [] : [[name, key, value] as [string, string, unknown]];
  });
}

export const storefrontSearchQuery = z
  .looseObject({
    keyword: textParam(maxKeywordLength).meta({
      minLength: minKeywordLength,
      description: `${minKeywordLength}-${maxKeywordLength} characters matched anywhere in the title, case-sensitive; % matches any run of characters and _ any one character (LIKE), everything else is literal.`,
    }),
    in_stock: booleanParam.meta({ description: 'Only products a shopper can buy now (true), or only those they cannot (false).' }),
    metafields: z
      .record(z.string(), z.string(), { error: 'send each filter as metafields[namespace.key]=value' })
      .optional()
      .meta({
        description: `Up to ${maxMetafieldFilters} filters, each metafields[namespace.key]=value: the product's metafield namespace.key holds that value, read as its definition's type (text, date, url and references as text, number as a number, boolean as true or false; a key without a product definition, or a json, money or list metafield, is a 422 naming the filter). All must hold.`,
        param: { style: 'deepObject', explode: true },
      }),
    sort: enumParam(catalogSortNames).meta({
      description: 'latest (default), popular, price_low, price_high (on the price the card shows: discount_price, after automatic discounts).',
    }),
    limit: integerParam(1, maxPageSize).meta({ description: `Page size, default ${defaultPageSize}.` }),
    starting_after: cursorParam.meta({ description: 'next_cursor of the previous page.' }),
  })
  .superRefine((q, issues) => {
    if (q.keyword !== undefined && [...q.keyword].length < minKeywordLength) {
      issues.addIssue({ code: 'custom', path: ['keyword'], message: `must be at least ${minKeywordLength} characters` });
    }
    const filters = metafieldFilters(q);
    if (filters.length > maxMetafieldFilters) {
      issues.addIssue({ code: 'custom', path: ['metafields'], message: `must hold at most ${maxMetafieldFilters} filters` });
    }
    for (const [name, key, value] of filters) {
      const problem = !metafieldKeyPattern.test(key)
        ? 'must name a metafield as namespace.key (lower-case letters, digits, _ and -)'
        : typeof value !== 'string'
          ? 'must be sent once, as text'
          : value.length > maxMetafieldValueLength || !hasNoNul(value)
            ? `must be text of at most ${maxMetafieldValueLength} characters`
            : null;
      if (problem) issues.addIssue({ code: 'custom', path: [name], message: problem });
    }
  })
  .transform((q): StorefrontSearchInput => ({
    keyword: q.keyword,
    inStock: q.in_stock,
    metafields: Object.fromEntries(metafieldFilters(q).map(([, key, value]) => [key, value as string])),
    sort: q.sort ?? 'latest',
    window: { size: q.limit ?? defaultPageSize, after: q.starting_after },
  }));

const searchDiscount = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    type: z.enum(['percentage', 'fixed']),
    value: moneyString.meta({ description: 'The percentage, or the amount off.' }),
    amount: moneyString,
    final_price: moneyString,
    image_url: z.string().nullable(),
  })
  .meta({ id: 'SearchCardDiscount' });

/** The storefront product card with every amount a 2-decimal string, as all merchant money is. */
const searchCard = z
  .strictObject({
    ...cardFields,
    price: moneyString.meta({ description: 'What the shopper pays: the product price, or its cheapest active variant.' }),
    discount_price: moneyString.meta({ description: 'What the shopper pays after the single best live automatic discount; equals price when none applies.' }),
    compare_at_price: moneyString.nullable().meta({ description: 'The merchant\'s "was" price, shown only when above price.' }),
    price_range: z.strictObject({ min: moneyString, max: moneyString }).nullable(),
    discount: searchDiscount.nullable(),
    discounts: z.array(searchDiscount),
    variant_summary: cardFields.variant_summary.extend({ min_price: moneyString, max_price: moneyString }),
  })
  .meta({ id: 'MerchantSearchCard' });

export const storefrontSearchAnswer = listAnswer(searchCard);
