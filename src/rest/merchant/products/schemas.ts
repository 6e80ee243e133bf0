import { z } from 'zod';
import { merchantListLimits, type MerchantProductListInput } from '../../../domain/catalog/list-merchant-products.js';
import { merchantSortFields } from '../../../domain/catalog/product-sorts.js';
import { booleanParam, cursorParam, enumParam, integerParam, timestampParam, uuidParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, jsonMap, moneyString, renditionsSchema, uuid } from '../../kit/common-schemas.js';
import { checkPollingFeed } from '../../kit/polling-feed.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';

export const merchantProductListQuery = z
  .looseObject({
    limit: integerParam(1, merchantListLimits.maxPageSize).meta({ description: `Page size, default ${merchantListLimits.defaultPageSize}.` }),
    starting_after: cursorParam,
    sort_by: enumParam(merchantSortFields).meta({ description: 'created_at (default), updated_at, title, price, stock, published.' }),
    sort_order: enumParam(['asc', 'desc']).meta({ description: 'desc (default) or asc.' }),
    stock_status: enumParam(['in_stock', 'out_of_stock']),
    category_id: uuidParam,
    published: booleanParam,
    track_inventory: booleanParam,
    updated_after: timestampParam.meta({
      description: 'The polling feed: rows changed strictly after this time, oldest change first; sort_by, sort_order, page and per_page are then refused.',
    }),
  })
  .superRefine(checkPollingFeed)
  .transform((q): MerchantProductListInput => ({
    window: { size: q.limit ?? merchantListLimits.defaultPageSize, after: q.starting_after },
    order: q.updated_after
      ? { kind: 'changedSince', updatedAfter: q.updated_after }
      : { kind: 'sorted', by: q.sort_by ?? 'created_at', direction: q.sort_order ?? 'desc' },
    filter: { categoryId: q.category_id, published: q.published, trackInventory: q.track_inventory, stockStatus: q.stock_status },
  }));

export const productIdParams = z.object({ product: z.string().meta({ description: 'The integer id or the uuid of a product of this store.' }) });

const text = z.string().nullable();

export const merchantVariant = z
  .strictObject({
    id: z.int(),
    uid: uuid,
    sku: text,
    title: z.string(),
    option_values: z.record(z.string(), z.string()),
    price: moneyString,
    storefront_price: moneyString,
    storefront_compare_at_price: moneyString.nullable(),
    url: text,
    compare_at_price: moneyString.nullable(),
    stock: z.int(),
    track_inventory: z.boolean(),
    is_digital: z.boolean(),
    is_active: z.boolean(),
    is_backorder: z.boolean(),
    backorder_ready_date: text.meta({ description: 'YYYY-MM-DD' }),
    weight: z.number().nullable(),
    position: z.int(),
    metafields: jsonMap,
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  })
  .meta({ id: 'MerchantVariant' });

export const merchantProductImage = z
  .strictObject({
    id: z.int().nullable().meta({
      description:
        'The media id: the library file this image shows (GET /files), and the `{image}` of PATCH and DELETE …/images/{image}. Null only for an image written before the media library, known by its URL alone.',
    }),
    is_primary: z.boolean(),
    position: z.int(),
    url: z.string(),
    alt: text,
    width: z.int().nullable(),
    height: z.int().nullable(),
    variants: renditionsSchema,
  })
  .meta({ id: 'MerchantProductImage' });

export const merchantProduct = z
  .strictObject({
    id: z.int(),
    uid: uuid,
    title: z.string(),
    slug: z.string(),
    excerpt: text,
    description: text,
    status: z.enum(['active', 'draft', 'archived']),
    published: z.boolean(),
    in_stock: z.boolean(),
    price: moneyString.meta({ description: "The product's own price as entered." }),
    storefront_price: moneyString.meta({ description: 'What a shopper pays.' }),
    storefront_compare_at_price: moneyString.nullable(),
    url: text,
    currency: z.string(),
    sku: text,
    barcode: text,
    stock: z.int(),
    track_inventory: z.boolean(),
    is_digital: z.boolean(),
    has_variants: z.boolean(),
    image: text,
    thumbnail_image: text,
    primary_image_url: text,
    variants: z.array(merchantVariant),
    images: z.array(merchantProductImage),
    metafields: jsonMap,
    metadata: jsonMap,
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
    deleted_at: isoTimestamp.nullable(),
  })
  .meta({ id: 'MerchantProduct' });

export const merchantProductListAnswer = listAnswer(merchantProduct);
export const merchantProductAnswer = singleAnswer(merchantProduct);
