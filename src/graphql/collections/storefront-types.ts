import { Promotion } from '../promotions/types.js';
import type { Discount } from '../../generated/prisma/client.js';
import { parseAttributes } from '../../domain/catalog/facets/attribute-selection.js';
import { collectionFacets, collectionProductLimits, listCollectionProducts } from '../../domain/collections/collection-products.js';
import { collectionChildren, collectionCount, type CollectionNode } from '../../domain/collections/collection-tree.js';
import { isLive } from '../../domain/discounts/liveness.js';
import { listPromotionProducts, promotionFacets, promotionProductLimits } from '../../domain/discounts/promotion-products.js';
import type { ResolvedLocale } from '../../domain/locale/resolve-locale.js';
import { orderedRenditions } from '../../domain/media/renditions.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder } from '../builder.js';
import { ImageRendition, localized, ProductRef } from '../catalog/product-types.js';
import { withArgNames } from '../shared/arg-names.js';
import { CollectionProductSort, Facet, filterOf, PromotionProductSort, ShopperProductFilter } from './shared-types.js';
import { edgesConnection } from '../shared/connection.js';

/** A collection of the tree (count and children known), or one read alone (both read when asked). */
export type LocalizedNode = Omit<CollectionNode, 'productsCount' | 'children'> & {
  productsCount?: number;
  children?: CollectionNode[];
  locale: ResolvedLocale;
};
type FilterArg = Parameters<typeof filterOf>[0];

export function checkedFilter(filter: FilterArg) {
  const parsed = filterOf(filter);
  parseAttributes(parsed.attributes, 'filter.attributes');
  return parsed;
}

export const CollectionRef = builder.objectRef<LocalizedNode>('Collection');
CollectionRef.implement({
  description: 'A collection as shoppers see it: its text in the requested locale, its count of shopper-visible products.',
  fields: (t) => ({
    uuid: t.field({ type: 'UUID', description: 'The uuid (REST `id`); `id` is the global id.', resolve: (n) => n.collection.id }),
    pId: t.int({ resolve: (n) => n.collection.pId }),
    slug: t.string({ resolve: (n) => n.collection.slug }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    imageUrl: t.string({ nullable: true, resolve: (n) => n.collection.imageUrl }),
    imageRenditions: t.field({
      type: [ImageRendition],
      nullable: true,
      resolve: (n) => (n.collection.imageSizes ? Object.entries(orderedRenditions(n.collection.imageSizes)).map(([name, r]) => ({ name, ...r })) : null),
    }),
    featured: t.boolean({ resolve: (n) => n.collection.featured }),
    parentId: t.field({ type: 'UUID', nullable: true, resolve: (n) => n.collection.parentId }),
    mode: t.string({ description: 'manual or smart.', resolve: (n) => n.collection.mode }),
    productsCount: t.int({ resolve: async (n, _a, { ctx }) => n.productsCount ?? collectionCount(ctx, n.collection) }),
    children: t.field({
      type: [CollectionRef],
      resolve: async (n, _a, { ctx }) => (n.children ?? (await collectionChildren(ctx, n.collection, n.locale.code))).map((c) => ({ ...c, locale: n.locale })),
    }),
    products: t.connection({
      type: ProductRef,
      description: 'The same list, filters, sorts and cursors as GET /store/collections/{collection}/products; walks forwards (first, after).',
      args: {
        sort: t.arg({ type: CollectionProductSort, required: false, defaultValue: 'merchant' }),
        filter: t.arg({ type: ShopperProductFilter, required: false }),
      },
      resolve: async (node, args, { ctx }) => {
        if (args.last != null || args.before != null) throw ApiError.invalidField(args.last != null ? 'last' : 'before', 'this connection walks forwards only');
        const size = args.first ?? collectionProductLimits.defaultPageSize;
        if (size < 1 || size > collectionProductLimits.maxPageSize)
          throw ApiError.invalidField('first', `must be between 1 and ${collectionProductLimits.maxPageSize}`);
        const page = await withArgNames({ size: 'first' }, () =>
          listCollectionProducts(ctx, {
            collection: node.collection,
            locale: node.locale.code,
            window: { size, after: args.after },
            sort: args.sort ?? 'merchant',
            ...checkedFilter(args.filter),
          }),
        );
        return edgesConnection(
          page.items.map((p, i) => ({ node: localized(p, node.locale), cursor: page.cursors[i]! })),
          { hasNextPage: page.hasNextPage, hasPreviousPage: Boolean(args.after) },
        );
      },
    }),
    facets: t.field({
      type: [Facet],
      description: 'The attribute facets of the products under this filter.',
      args: { filter: t.arg({ type: ShopperProductFilter, required: false }) },
      resolve: (node, args, { ctx }) => collectionFacets(ctx, node.collection, checkedFilter(args.filter)),
    }),
  }),
});

const PromotionProductPage = builder
  .objectRef<{ nodes: ReturnType<typeof localized>[]; page: number; hasMore: boolean; facets: unknown }>('PromotionProductPage')
  .implement({
    fields: (t) => ({
      nodes: t.field({ type: [ProductRef], resolve: (p) => p.nodes }),
      page: t.exposeInt('page'),
      hasMore: t.exposeBoolean('hasMore'),
    }),
  });

/** The promotion's products and facets, on the Promotion type of src/graphql/promotions; an ended promotion lists none. */
builder.objectFields(Promotion, (t) => ({
  products: t.field({
    type: PromotionProductPage,
    description: 'Page-based, as the REST list: page from 1 to 50, perPage 1-50.',
    args: {
      page: t.arg.int({ required: false, defaultValue: 1 }),
      perPage: t.arg.int({ required: false, defaultValue: promotionProductLimits.defaultPageSize }),
      sort: t.arg({ type: PromotionProductSort, required: false, defaultValue: 'newest' }),
      filter: t.arg({ type: ShopperProductFilter, required: false }),
      locale: t.arg.string({ required: false }),
    },
    resolve: async (p, args, { ctx }) => {
      const page = args.page ?? 1;
      if (!isLive(p, ctx.now)) return { nodes: [], page, hasMore: false, facets: [] };
      const size = args.perPage ?? promotionProductLimits.defaultPageSize;
      if (page < 1) throw ApiError.invalidField('page', 'must be at least 1');
      if (size < 1 || size > promotionProductLimits.maxPageSize)
        throw ApiError.invalidField('perPage', `must be between 1 and ${promotionProductLimits.maxPageSize}`);
      const result = await listPromotionProducts(ctx, {
        promotion: p.id,
        page,
        size,
        sort: args.sort ?? 'newest',
        locale: args.locale,
        ...checkedFilter(args.filter),
      });
      return { nodes: result.rows.map((r) => localized(r, result.locale)), page, hasMore: result.hasMore, facets: result.facets };
    },
  }),
  facets: t.field({
    type: [Facet],
    args: { filter: t.arg({ type: ShopperProductFilter, required: false }) },
    resolve: async (p, args, { ctx }) => (isLive(p, ctx.now) ? promotionFacets(ctx, p, checkedFilter(args.filter)) : []),
  }),
}));
