import { z } from 'zod';
import { bulkUpsertCollections } from '../../domain/collections/bulk-upsert.js';
import { collectionItemInput, collectionLimits, orderInputShape } from '../../domain/collections/collection-fields.js';
import { listCollectionProducts } from '../../domain/collections/collection-products.js';
import { collectionListLimits, listMerchantCollections, withCounts, type CollectionWithCount } from '../../domain/collections/list-merchant-collections.js';
import { pinCollectionProducts, reorderCollectionProducts } from '../../domain/collections/order-products.js';
import type { Ctx } from '../../domain/context.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { Merchant } from '../merchant/namespace.js';
import { edgesConnection, windowOf } from '../shared/connection.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';

export const MerchantCollection = builder.objectRef<CollectionWithCount>('MerchantCollection').implement({
  description: 'A collection as the merchant manages it (GET /collections).',
  fields: (t) => ({
    uuid: t.field({ type: 'UUID', description: 'The uuid (REST `id`); `id` is the global id.', resolve: (c) => c.collection.id }),
    pId: t.int({ resolve: (c) => c.collection.pId }),
    slug: t.string({ resolve: (c) => c.collection.slug }),
    name: t.string({ resolve: (c) => c.collection.name }),
    description: t.string({ nullable: true, resolve: (c) => c.collection.description }),
    imageUrl: t.string({ nullable: true, resolve: (c) => c.collection.imageUrl }),
    featured: t.boolean({ resolve: (c) => c.collection.featured }),
    storefront: t.boolean({ resolve: (c) => c.collection.storefront }),
    mode: t.string({ resolve: (c) => c.collection.mode }),
    rules: t.field({ type: 'JSONObject', nullable: true, resolve: (c) => (c.collection.mode === 'smart' ? c.collection.rules : null) }),
    parentId: t.field({ type: 'UUID', nullable: true, resolve: (c) => c.collection.parentId }),
    position: t.int({ resolve: (c) => c.collection.position }),
    productsCount: t.exposeInt('productsCount'),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.collection.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.collection.updatedAt }),
  }),
});

const CollectionInput = builder.inputType('CollectionUpsertInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    slug: t.string({ required: true }),
    description: t.string({ required: false }),
    imageUrl: t.string({ required: false }),
    featured: t.boolean({ required: false }),
    storefront: t.boolean({ required: false }),
    position: t.int({ required: false }),
    parentId: t.string({ required: false }),
    parentSlug: t.string({ required: false }),
    mode: t.string({ required: false, description: 'manual or smart.' }),
    productIds: t.stringList({ required: false }),
    rules: t.field({ type: 'JSONObject', required: false, description: 'The rule language of POST /collections/bulk: {match, rules: [{kind, ...}]}.' }),
  }),
});

const bulkInput = z
  .array(collectionItemInput)
  .min(1, { error: 'must hold at least one collection' })
  .max(collectionLimits.itemsPerCall, { error: `must hold at most ${collectionLimits.itemsPerCall} collections` });

/** GraphQL sends absent optional fields as undefined and explicit nulls as null; the domain input takes the same meaning. */
const withoutUndefined = (items: Record<string, unknown>[]) => items.map((item) => Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined)));

const BulkPayload = builder
  .objectRef<{ collections: CollectionWithCount[] | null; created: number; updated: number; userErrors: UserErrorShape[] }>('CollectionsBulkUpsertPayload')
  .implement({
    fields: (t) => ({
      collections: t.field({ type: [MerchantCollection], nullable: true, resolve: (p) => p.collections }),
      created: t.exposeInt('created'),
      updated: t.exposeInt('updated'),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const OrderPayload = (name: string) =>
  builder.objectRef<{ collection: CollectionWithCount | null; productIds: string[]; userErrors: UserErrorShape[] }>(name).implement({
    fields: (t) => ({
      collection: t.field({ type: MerchantCollection, nullable: true, resolve: (p) => p.collection }),
      productIds: t.field({ type: ['UUID'], description: 'The first 50 products shoppers now see, in the new default order.', resolve: (p) => p.productIds }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

async function ordered(ctx: Ctx, write: typeof pinCollectionProducts, collection: string, productIds: string[]) {
  const { productIds: refs } = parseInput(z.object(orderInputShape), { productIds });
  const written = await write(ctx, collection, refs);
  const [[item], first] = await Promise.all([
    withCounts(ctx, [written]),
    listCollectionProducts(ctx, { collection: written.id, window: { size: 50 }, sort: 'merchant' }),
  ]);
  return { collection: item!, productIds: first.items.map((p) => p.id) };
}

builder.objectFields(Merchant, (t) => ({
  collections: t.connection({
    type: MerchantCollection,
    ...merchantScope('merchant-collections-read'),
    description: 'GET /collections: in creation order; the cursors are REST next_cursor.',
    resolve: async (_m, args, { ctx }) => {
      const page = await listMerchantCollections(ctx, windowOf(args, collectionListLimits.maxPageSize, collectionListLimits.defaultPageSize));
      return edgesConnection(
        page.items.map((item) => ({ node: item, cursor: page.cursorOf(item.collection) })),
        page,
      );
    },
  }),
}));

const orderArgs = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) => ({
  collection: t.arg.string({ required: true, description: 'The uuid, integer id or slug of a collection of this store.' }),
  productIds: t.arg.stringList({ required: true, description: `Up to ${collectionLimits.productsPerOrder} uuids or integer ids, in the order wanted.` }),
});

const PinPayload = OrderPayload('CollectionProductsPinPayload');
const ReorderPayload = OrderPayload('CollectionProductsReorderPayload');
const argField = (field: string) => (field === 'request' ? 'input' : field);

builder.mutationFields((t) => ({
  collectionsBulkUpsert: t.field({
    type: BulkPayload,
    ...merchantScope('merchant-collections-create'),
    description: 'POST /collections/bulk: create or update up to 100 collections by slug, all or nothing.',
    args: { input: t.arg({ type: [CollectionInput], required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(
        async () => {
          const items = parseInput(z.object({ collections: bulkInput }), {
            collections: withoutUndefined(args.input as Record<string, unknown>[]),
          }).collections;
          return bulkUpsertCollections(ctx, items);
        },
        (field) => inputField(field.replace(/^collections\.?/, '')).replace(/\.$/, ''),
      );
      return { collections: result?.collections ?? null, created: result?.created ?? 0, updated: result?.updated ?? 0, userErrors };
    },
  }),
  collectionProductsPin: t.field({
    type: PinPayload,
    ...merchantScope('merchant-collections-update'),
    description: 'POST /collections/{collection}/products/pin: these products first, in this order; other pins are dropped.',
    args: orderArgs(t),
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => ordered(ctx, pinCollectionProducts, args.collection, args.productIds), argField);
      return { collection: result?.collection ?? null, productIds: result?.productIds ?? [], userErrors };
    },
  }),
  collectionProductsReorder: t.field({
    type: ReorderPayload,
    ...merchantScope('merchant-collections-update'),
    description: 'POST /collections/{collection}/products/reorder: these products first among the unpinned; the rest keep their order.',
    args: orderArgs(t),
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => ordered(ctx, reorderCollectionProducts, args.collection, args.productIds), argField);
      return { collection: result?.collection ?? null, productIds: result?.productIds ?? [], userErrors };
    },
  }),
}));
