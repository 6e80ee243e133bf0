import type { Product } from '../../../generated/prisma/client.js';
import { isoTimestamp } from '../../kit/format.js';

/** What a product delete answers: the ids of the product it removed. */
export function presentDeletedProduct(product: Product) {
  return { id: product.pId, p_id: product.pId, deleted: true as const };
}

/** What a bulk publish answers: the flag it set, and each product named with its state now. */
export function presentPublished(published: boolean, products: Product[]) {
  return {
    published,
    products: products.map((p) => ({ id: p.pId, uid: p.id, published: p.published, updated_at: isoTimestamp(p.updatedAt) })),
  };
}
