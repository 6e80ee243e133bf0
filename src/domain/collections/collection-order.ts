import type { CollectionProduct, Prisma, Product } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { catalogSorts } from '../catalog/product-sorts.js';
import { asNumber, type KeysetSort } from '../pagination/keyset.js';
import { segment, type AnySegment } from '../pagination/segmented-page.js';
import { productKeys } from '../catalog/shown-products.js';

type Placed = CollectionProduct & { product: Product };

/** Pinned first in pin order, then by the merchant's positions, then the product id: unique within a collection. */
const placedSort: KeysetSort<Placed> = [
  { field: 'pinnedAt', direction: 'asc', nullable: true, read: (r) => r.pinnedAt, parse: (v) => (v === null ? null : asNumber(v)) },
  { field: 'position', direction: 'asc', read: (r) => r.position, parse: asNumber },
  { field: 'product.pId', direction: 'asc', read: (r) => r.product.pId, parse: asNumber },
];

/** The run of products the merchant placed (pinned or positioned rows of CollectionProduct), each read as its keys (shown-products.ts). */
function placed(ctx: Ctx, collectionId: string, where: Prisma.ProductWhereInput): AnySegment<Product> {
  return segment<Placed, Product>({
    sort: placedSort,
    where: { collectionId, product: where },
    // The product's id and pId alone (what the run orders by), so a cached page follows its own products' sales only (stock-reads.ts).
    fetch: async (args) =>
      (await ctx.db.collectionProduct.findMany({
        ...(args as object),
        include: { product: { select: { id: true, pId: true } } },
        relationLoadStrategy: 'join',
      })) as unknown as Placed[],
    output: (r) => r.product,
  });
}

/** A smart collection's other members, newest first, ending in the product id, each read as its keys. */
function unplaced(ctx: Ctx, collectionId: string, where: Prisma.ProductWhereInput): AnySegment<Product> {
  return segment<Product, Product>({
    sort: catalogSorts.latest,
    where: { AND: [where, { collections: { none: { collectionId } } }] },
    fetch: async (args) => (await ctx.db.product.findMany({ ...(args as Prisma.ProductFindManyArgs), select: productKeys })) as unknown as Product[],
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
    const placedRun = placed(ctx, collection.id, scoped);
    return collection.mode === 'smart' ? [placedRun, unplaced(ctx, collection.id, scoped)] : [placedRun];
  };
  return inStockFirst ? [...runs({ inStock: true }), ...runs({ inStock: false })] : runs({});
}
