import type { Product, Variant } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asNumber, type KeysetSort } from '../pagination/keyset.js';

export const variantListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;

/** The storefront's and the product object's order: position, then the unique integer id. */
const variantSort: KeysetSort<Variant> = [
  { field: 'position', direction: 'asc', read: (v) => v.position, parse: asNumber },
  { field: 'pId', direction: 'asc', read: (v) => v.pId, parse: asNumber },
];

/** A product's variants, active or not, a page at a time; the cursor is bound to the product. */
export async function listVariants(ctx: Ctx, product: Product, window: KeysetWindow): Promise<KeysetPage<Variant>> {
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.variants', storeId: ctx.store.id, filters: { product: product.id } },
      sort: variantSort,
      where: { productId: product.id },
      fetch: (args) => ctx.db.variant.findMany(args as Parameters<typeof ctx.db.variant.findMany>[0]),
    },
    window,
  );
}
