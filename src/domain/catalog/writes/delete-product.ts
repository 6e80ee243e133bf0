import type { Product } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../context.js';
import { withTransaction } from '../../transaction.js';
import { findMerchantProduct } from '../find-product.js';
import { appendProductEvent } from '../product-events.js';

/**
 * Soft delete: the row stays, with `deletedAt`, so its uuid, integer id and slug stay reserved;
 * every read (storefront, merchant, GraphQL) stops seeing it at once, so a second delete is a 404.
 */
export async function deleteProduct(ctx: Ctx, rawId: string): Promise<Product> {
  return withTransaction(ctx, async (tx) => {
    const product = await findMerchantProduct(tx, rawId);
    // The condition makes a concurrent second delete update nothing instead of deleting twice.
    const { count } = await tx.db.product.updateMany({ where: { id: product.id, deletedAt: null }, data: { deletedAt: tx.now } });
    if (count === 0) return findMerchantProduct(tx, rawId);
    appendProductEvent(tx, 'products/delete', product.id);
    return product;
  });
}
