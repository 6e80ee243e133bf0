import { z } from 'zod';
import { collectionProductLimits, collectionSortNames, type CollectionProductsInput } from '../../../domain/collections/collection-products.js';
import type { CollectionTreeInput } from '../../../domain/collections/collection-tree.js';
import { booleanParam, cursorParam, enumParam, integerParam, localeParam } from '../../../platform/validation/wire-params.js';
import { renditionsSchema, uuid } from '../../kit/common-schemas.js';
import { listAnswer } from '../../kit/envelope.js';
import { productCard } from '../products/schemas.js';
import { attributesOf, shopperFilterFields } from './shopper-filters.js';

const { maxPageSize, defaultPageSize } = collectionProductLimits;

export const collectionTreeQuery = z
  .looseObject({
    mode: enumParam(['all', 'manual', 'smart']).meta({ description: 'all (default), manual or smart.' }),
    include_empty: booleanParam.meta({ description: 'Keep collections with no product and no shown child; default false.' }),
    storefront: booleanParam.meta({ description: 'true (default): collections shown on the storefront; false: the hidden ones.' }),
    locale: localeParam.meta({ description: 'A published store locale; anything else falls back to the primary.' }),
  })
  .transform((q): CollectionTreeInput => ({
    mode: q.mode ?? 'all',
    includeEmpty: q.include_empty ?? false,
    storefront: q.storefront ?? true,
    locale: q.locale,
  }));

export const collectionProductsParams = z.object({ collection: z.string().meta({ description: 'The uuid, integer id or slug of a collection.' }) });

export const collectionProductsQuery = z
  .looseObject({
    ...shopperFilterFields,
    sort: enumParam(collectionSortNames).meta({
      description:
        "merchant (default: pinned first in pin order, then the merchant's positions, then for smart collections newest first), newest, price_low, price_high (on the card's discount_price, after automatic discounts), popular, in_stock (in-stock first, each part in the merchant's order). Each ends in a unique tie-breaker.",
    }),
    per_page: integerParam(1, maxPageSize).meta({ description: `Page size, default ${defaultPageSize}.` }),
    limit: integerParam(1, maxPageSize).meta({ description: 'Alias of per_page.' }),
    starting_after: cursorParam.meta({ description: 'next_cursor of the previous page.' }),
  })
  .transform((q): Omit<CollectionProductsInput, 'collection'> => ({
    window: { size: q.per_page ?? q.limit ?? defaultPageSize, after: q.starting_after },
    sort: q.sort ?? 'merchant',
    keyword: q.keyword,
    inStock: q.in_stock,
    attributes: attributesOf(q),
    locale: q.locale,
  }));

interface CollectionNodeWire {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  image: string | null;
  image_variants: z.infer<typeof renditionsSchema> | null;
  featured: boolean;
  parent_id: string | null;
  mode: 'manual' | 'smart';
  products_count: number;
  children: CollectionNodeWire[];
}

export const storefrontCollection: z.ZodType<CollectionNodeWire> = z
  .strictObject({
    id: uuid,
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    image_variants: renditionsSchema.nullable(),
    featured: z.boolean(),
    parent_id: uuid.nullable(),
    mode: z.enum(['manual', 'smart']),
    products_count: z.int().meta({ description: 'Shopper-visible products.' }),
    get children() {
      return z.array(storefrontCollection);
    },
  })
  .meta({ id: 'Collection' });

export const collectionTreeAnswer = listAnswer(storefrontCollection, { meta: z.array(z.never()).meta({ description: 'Always an empty list.' }) });
export const collectionProductsAnswer = listAnswer(productCard);
