import type { CollectionProduct, Prisma, Product } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { catalogSorts } from '../catalog/product-sorts.js';
import { asNumber, type KeysetSort } from '../pagination/keyset.js';
import { segment, type AnySegment } from '../pagination/segmented-page.js';
import { findJoinedProducts, keepShown, shownRelations, type ShownProduct } from '../catalog/shown-products.js';

type Placed = CollectionProduct & { product: Product };

/** Pinned first in pin order, then by the merchant's positions, then the product id: unique within a collection. */
const placedSort: KeysetSort<Placed> = [
  { field: 'pinnedAt', direction: 'asc', nullable: true, read: (r) => r.pinnedAt, parse: (v) => (v === null ? null : asNumber(v)) },
  { field: 'position', direction: 'asc', read: (r) => r.position, parse: asNumber },
  { field: 'product.pId', direction: 'asc', read: (r) => r.product.pId, parse: asNumber },
];

/** The run of products the merchant placed (pinned or positioned rows of CollectionProduct), each with what its card shows (shown-products.ts). */
function placed(ctx: Ctx, collectionId: string, where: Prisma.ProductWhereInput): AnySegment<Product> {
  return segment<Placed, Product>({
    sort: placedSort,
    where: { collectionId, product: where },
    fetch: async (args) => {
      const rows = await ctx.db.collectionProduct.findMany({
        ...(args as object),
        include: { product: { include: shownRelations } },
        relationLoadStrategy: 'join',
      });
      const products = keepShown(
        ctx,
        rows.map((r) => r.product),
      );
      return rows.map((r, i) => ({ ...r, product: products[i]! }));
    },
    output: (r) => r.product,
  });
}

/** A smart collection's other members, newest first, ending in the product id, each with what its card shows. */
function unplaced(ctx: Ctx, collectionId: string, where: Prisma.ProductWhereInput): AnySegment<Product> {
  return segment<Product, Product>({
    sort: catalogSorts.latest,
    where: { AND: [where, { collections: { none: { collectionId } } }] },
    fetch: async (args) => keepShown(ctx, await findJoinedProducts<ShownProduct>(ctx, args as Prisma.ProductFindManyArgs, shownRelations)),
    output: (p) => p,
  });
}

/**
 * The merchant's order as runs of one keyset walk: a manual collection is its rows (pins, then
 * positions); a smart one adds its unplaced members after them, newest first. With `inStockFirst`
 * the same runs repeat for in-stock products, then for the rest. A to-many relation cannot order a
 * product query, which is why placed products are walked through their CollectionProduct rows.
 */
export function merchantOrder(
  ctx: Ctx,
  collection: { id: string; mode: string },
  where: Prisma.ProductWhereInput,
  inStockFirst: boolean,
): AnySegment<Product>[] {
  const runs = (extra: Prisma.ProductWhereInput) => {
    const scoped = { AND: [where, extra] };
    return collection.mode === 'smart' ? [placed(ctx, collection.id, scoped), unplaced(ctx, collection.id, scoped)] : [placed(ctx, collection.id, scoped)];
  };
  return inStockFirst ? [...runs({ inStock: true }), ...runs({ inStock: false })] : runs({});
}
