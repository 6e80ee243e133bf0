import { collectionTree, findCollectionInLocale } from '../../domain/collections/collection-tree.js';
import { builder, catalogueCacheField, storeKeyField } from '../builder.js';
import { pageViewField } from '../page-views.js';
import { CollectionRef } from './storefront-types.js';

const CollectionMode = builder.enumType('CollectionModeFilter', {
  values: { ALL: { value: 'all' }, MANUAL: { value: 'manual' }, SMART: { value: 'smart' } } as const,
});

builder.queryFields((t) => ({
  collections: t.field({
    type: [CollectionRef],
    ...storeKeyField,
    ...catalogueCacheField,
    description: 'GET /store/collections: the tree, top-level collections with their children nested.',
    args: {
      mode: t.arg({ type: CollectionMode, required: false, defaultValue: 'all' }),
      includeEmpty: t.arg.boolean({ required: false, defaultValue: false }),
      storefront: t.arg.boolean({ required: false, defaultValue: true }),
      locale: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, { ctx }) => {
      const tree = await collectionTree(ctx, {
        mode: args.mode ?? 'all',
        includeEmpty: args.includeEmpty ?? false,
        storefront: args.storefront ?? undefined,
        locale: args.locale,
      });
      return tree.nodes.map((node) => ({ ...node, locale: tree.locale }));
    },
  }),
  collection: t.field({
    type: CollectionRef,
    ...storeKeyField,
    extensions: { ...catalogueCacheField.extensions, ...pageViewField('collection') },
    nullable: true,
    description: 'One collection by uuid, integer id or slug; null when the store has none such.',
    args: { id: t.arg.string({ required: false }), slug: t.arg.string({ required: false }), locale: t.arg.string({ required: false }) },
    resolve: async (_root, args, { ctx }) => {
      const ref = args.id ?? args.slug;
      if (!ref) return null;
      return findCollectionInLocale(ctx, ref, args.locale);
    },
  }),
}));
