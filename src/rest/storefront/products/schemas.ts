import { z } from 'zod';
import { catalogListLimits, type CatalogListInput } from '../../../domain/catalog/list-catalog-products.js';
import { catalogSortNames } from '../../../domain/catalog/product-sorts.js';
import { booleanParam, cursorParam, enumParam, integerParam, localeParam, textParam } from '../../../platform/validation/wire-params.js';
import { jsonMap, moneyNumber, renditionsSchema, uuid } from '../../kit/common-schemas.js';
import { listAnswer, paginationSchema, singleAnswer } from '../../kit/envelope.js';

const { maxPageSize, maxKeywordLength, defaultPageSize } = catalogListLimits;

export const productListQuery = z
  .object({
    page: integerParam(1, Number.MAX_SAFE_INTEGER).meta({ description: 'Page mode: 1 to 50, with totals in meta.pagination. Past 50: page_too_deep.' }),
    per_page: integerParam(1, maxPageSize).meta({ description: `Page size, default ${defaultPageSize}.` }),
    limit: integerParam(1, maxPageSize).meta({ description: 'Alias of per_page.' }),
    keyword: textParam(maxKeywordLength).meta({ description: 'Case-insensitive match on the title; % and _ are plain characters.' }),
    category_slug: textParam(255).meta({ description: 'The category and its subcategories.' }),
    category_id: textParam(64).meta({ description: 'Integer id or uuid of a category; the category and its subcategories.' }),
    sort: enumParam(catalogSortNames).meta({
      description: 'latest (default), popular, price_low, price_high (on the price the card shows: discount_price, after automatic discounts).',
    }),
    has_video: booleanParam,
    in_stock: booleanParam.meta({ description: 'true: only products a shopper can buy now; false: only sold-out ones.' }),
    starting_after: cursorParam.meta({ description: 'next_cursor of the previous page: keyset mode, without totals.' }),
    locale: localeParam.meta({ description: 'A published store locale; anything else falls back to the primary.' }),
  })
  .superRefine((q, issues) => {
    if (q.page !== undefined && q.starting_after) {
      issues.addIssue({
        code: 'custom',
        path: ['starting_after'],
        message: 'Send page or starting_after, not both: page numbers and cursors are two ways to walk the list.',
      });
    }
  })
  .transform((q): CatalogListInput => ({
    window: { size: q.per_page ?? q.limit ?? defaultPageSize, after: q.starting_after },
    page: q.starting_after ? undefined : (q.page ?? 1),
    keyword: q.keyword,
    categorySlug: q.category_slug,
    categoryId: q.category_id,
    hasVideo: q.has_video,
    inStock: q.in_stock,
    sort: q.sort ?? 'latest',
    locale: q.locale,
  }));

export const productSlugParams = z.object({ slug: z.string().meta({ description: 'The product slug.' }) });
export const localeQuery = z.object({ locale: localeParam.meta({ description: 'A published store locale; anything else falls back to the primary.' }) });

const nullableText = z.string().nullable();
const galleryImage = z.strictObject({ id: z.int(), url: z.string(), alt: nullableText, variants: renditionsSchema.nullable() });

const discount = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    type: z.enum(['percentage', 'fixed']),
    value: z.number(),
    amount: moneyNumber,
    final_price: moneyNumber,
    image_url: nullableText,
  })
  .meta({ id: 'CardDiscount' });

export const cardFields = {
  shop_id: uuid,
  id: uuid,
  p_id: z.int(),
  title: z.string(),
  slug: z.string(),
  excerpt: nullableText,
  description: nullableText,
  image: nullableText,
  thumbnail_image: nullableText,
  video_url: nullableText,
  video_poster_url: nullableText,
  type: z.string(),
  commerce_mode: z.string(),
  currency: z.string(),
  price: moneyNumber.meta({ description: 'What the shopper pays: the product price, or its cheapest active variant.' }),
  discount_price: moneyNumber.meta({
    description: 'What the shopper pays: price less the single best live automatic discount (discounts do not stack). Equals price when none applies.',
  }),
  compare_at_price: moneyNumber.nullable().meta({ description: 'The merchant\'s "was" price, shown only when above price.' }),
  is_price_from: z.boolean(),
  price_range: z.strictObject({ min: moneyNumber, max: moneyNumber }).nullable(),
  has_variants: z.boolean(),
  has_addons: z.boolean(),
  tax_inclusive: z.boolean(),
  discount: discount
    .nullable()
    .meta({ description: 'The discount that sets discount_price: the lowest final price, then the higher priority, then the older discount.' }),
  discounts: z.array(discount).meta({ description: 'Every live automatic discount that applies, each on the full price, best first.' }),
  media: z.strictObject({
    thumbnail: nullableText,
    image: nullableText,
    original: nullableText,
    primary_variant_image: nullableText,
    image_variants: renditionsSchema.nullable(),
    primary_variant_image_variants: renditionsSchema.nullable(),
    images: z.array(galleryImage),
  }),
  inventory: z.strictObject({ in_stock: z.boolean(), tracking: z.boolean(), quantity: z.int().nullable() }),
  variant_summary: z.strictObject({
    count: z.int(),
    min_price: moneyNumber,
    max_price: moneyNumber,
    total_stock: z.int().nullable(),
    tracks_inventory: z.boolean(),
    in_stock: z.boolean(),
  }),
  variants_count: z.int(),
  rating: z.number(),
  review_count: z.int(),
  flags: z.strictObject({ featured: z.boolean(), is_marketplace: z.boolean(), is_wholesale: z.boolean(), is_new: z.boolean() }),
  metafields: jsonMap,
  created_at: z.string().meta({ description: 'YYYY-MM-DD HH:MM:SS in UTC.' }),
  updated_at: z.string().meta({ description: 'YYYY-MM-DD HH:MM:SS in UTC.' }),
  shop: z.strictObject({ id: uuid, name: z.string(), slug: z.string(), logo: nullableText, rating: z.number(), rating_count: z.int() }),
};

export const productCard = z.strictObject(cardFields).meta({ id: 'ProductCard' });

export const detailVariant = z.strictObject({
  id: uuid,
  p_id: z.int(),
  title: z.string(),
  sku: nullableText,
  option_values: z.record(z.string(), z.string()),
  price: moneyNumber,
  discount_price: moneyNumber.meta({
    description: "What the shopper pays for this variant: the product's best live automatic discount applied to the variant's own price.",
  }),
  compare_at_price: moneyNumber.nullable(),
  in_stock: z.boolean(),
  tracking: z.boolean(),
  quantity: z.int().nullable(),
  is_backorder: z.boolean(),
  backorder_ready_date: nullableText,
  position: z.int(),
  image: galleryImage.nullable(),
});

export const productDetail = z
  .strictObject({
    ...cardFields,
    image_variants: renditionsSchema.nullable(),
    in_stock: z.boolean(),
    images: z.array(
      z.strictObject({
        id: z.int(),
        url: z.string(),
        alt: nullableText,
        width: z.int().nullable(),
        height: z.int().nullable(),
        position: z.int(),
        is_primary: z.boolean(),
        image_variants: renditionsSchema.nullable(),
      }),
    ),
    options: z.array(z.strictObject({ name: z.string(), position: z.int(), values: z.array(z.string()) })),
    variants: z.array(detailVariant),
    category: z.strictObject({ id: uuid, p_id: z.int(), name: z.string(), slug: z.string(), parent_id: uuid.nullable() }).nullable(),
    collections: z
      .array(z.strictObject({ id: uuid, name: z.string(), slug: z.string() }))
      .meta({ description: 'Storefront collections that hold the product as a manual member, in the merchant order. Smart collections are not listed.' }),
  })
  .meta({ id: 'ProductDetail' });

export const productListAnswer = listAnswer(productCard, { meta: z.strictObject({ pagination: paginationSchema }).optional() });
export const productDetailAnswer = singleAnswer(productDetail);
export const relatedAnswer = listAnswer(productCard);
