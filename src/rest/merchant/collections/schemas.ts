import { z } from 'zod';
import { collectionItemShape, collectionLimits, collectionModes, orderInputShape } from '../../../domain/collections/collection-fields.js';
import { collectionListLimits } from '../../../domain/collections/list-merchant-collections.js';
import type { KeysetWindow } from '../../../domain/pagination/keyset-page.js';
import { cursorParam, integerParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, renditionsSchema, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

export const collectionListQuery = z
  .looseObject({
    limit: integerParam(1, collectionListLimits.maxPageSize).meta({ description: `Page size, default ${collectionListLimits.defaultPageSize}.` }),
    starting_after: cursorParam,
  })
  .transform((q): KeysetWindow => ({ size: q.limit ?? collectionListLimits.defaultPageSize, after: q.starting_after }));

export const collectionParams = z.object({
  collection: z.string().meta({ description: 'The uuid, the integer id or the slug of a collection of this store.' }),
});

const ruleText =
  'rules: {match: all|any, rules: [{kind, ...}]} with kinds price_range {min?, max?}, category {category_id} (with its subcategories), in_stock {value: true}, option_value {option, value}, title_contains {text}, created_within_days {days}, discount_applies {} (a live discount targets the product).';

export const collectionBulkBody = z
  .strictObject(
    {
      collections: z
        .array(wireObject(collectionItemShape), { error: 'must be a list of collections' })
        .min(1, { error: 'must hold at least one collection' })
        .max(collectionLimits.itemsPerCall, { error: `must hold at most ${collectionLimits.itemsPerCall} collections` }),
    },
    { error: 'must be an object {collections: [...]}' },
  )
  .transform((b) => b.collections)
  .meta({
    description: `1-${collectionLimits.itemsPerCall} collections, created or updated by slug, all or nothing. Each: name and slug (required), description, image_url (downloaded into the store files), featured, storefront, position, parent_id (uuid) or parent_slug (may name another item of the call; cycles are refused), mode manual (product_ids: up to ${collectionLimits.productsPerCollection} uuids or integer ids, in order) or smart (${ruleText}). Fields left out of an update keep their value.`,
  });

export const collectionOrderBody = wireObject(orderInputShape).meta({
  description: `product_ids: up to ${collectionLimits.productsPerOrder} uuids or integer ids of this store's products, in the order wanted.`,
});

export const merchantCollection = z
  .strictObject({
    id: uuid,
    p_id: z.int(),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    image_variants: renditionsSchema.nullable(),
    featured: z.boolean(),
    storefront: z.boolean().meta({ description: 'Shown in the storefront collection tree.' }),
    mode: z.enum(collectionModes),
    rules: z
      .strictObject({ match: z.enum(['all', 'any']), rules: z.array(z.record(z.string(), z.unknown())) })
      .nullable()
      .meta({ description: 'Smart rules as stored (money as decimal strings, categories as uuids); null for a manual collection.' }),
    parent_id: uuid.nullable(),
    position: z.int(),
    products_count: z.int().meta({ description: "Products of the collection among the store's products (deleted ones excluded)." }),
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  })
  .meta({ id: 'MerchantCollection' });

export const collectionListAnswer = listAnswer(merchantCollection);
export const collectionBulkAnswer = singleAnswer(z.strictObject({ collections: z.array(merchantCollection), created: z.int(), updated: z.int() }));
export const collectionOrderAnswer = singleAnswer(
  z.strictObject({
    collection: merchantCollection,
    product_ids: z.array(uuid).meta({ description: 'The first 50 products shoppers now see, in the new default order.' }),
  }),
);
