import DataLoader from 'dataloader';
import type { Product, ProductImage, Variant } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { createLoaders } from '../loaders.js';
import type { Outbox } from '../outbox.js';
import type { TransactionCtx } from '../transaction.js';
import { productDocument, type ProductDocument } from './document.js';
import { loadProductViews } from './product-view.js';

type ProductTopic = 'products/create' | 'products/update' | 'products/delete';

interface CommitReads {
  /** Loaders made at commit, so nothing the write read before changing it is served from a cache. */
  ctx: Ctx;
  products: DataLoader<string, Product>;
}

const readsAtCommit = new WeakMap<Outbox, CommitReads>();

function commitReads(tx: TransactionCtx): CommitReads {
  let reads = readsAtCommit.get(tx.outbox);
  if (!reads) {
    const ctx: Ctx = { ...tx, loaders: createLoaders(tx.db, tx.now) };
    const products = new DataLoader<string, Product>(async (ids) => {
      const rows = await tx.db.product.findMany({ where: { id: { in: [...ids] } } });
      return ids.map((id) => rows.find((row) => row.id === id) ?? new Error(`product ${id} is not in this store`));
    });
    readsAtCommit.set(tx.outbox, (reads = { ctx, products }));
  }
  return reads;
}

/** The Product object as the transaction leaves it: what `GET /products/{id}` answers once it commits (deleted ones included). */
async function productSnapshot(tx: TransactionCtx, productId: string): Promise<ProductDocument> {
  const reads = commitReads(tx);
  const [view] = await loadProductViews(reads.ctx, [await reads.products.load(productId)], null);
  return productDocument(view!, tx.store);
}

/**
 * Records a product event whose payload is the merchant Product object at commit, built in the
 * write's transaction by the same `productDocument` the merchant presenter uses, so the event and
 * `GET /products/{id}` read right after the write are the same object, and a later change writes
 * a new event instead of changing this one. The events of one commit load their products together.
 */
export function appendProductEvent(tx: TransactionCtx, topic: ProductTopic, productId: string, asLeft?: ProductAsLeft): void {
  if (asLeft) {
    const reads = commitReads(tx);
    reads.products.prime(productId, asLeft.product);
    reads.ctx.loaders.variantsByProduct.prime(productId, asLeft.variants);
    if (asLeft.images) reads.ctx.loaders.imagesByProduct.prime(productId, asLeft.images);
  }
  tx.outbox.appendSnapshot(topic, () => productSnapshot(tx, productId));
}

/**
 * The product row and all its variants (in the variants loader's order) as a write leaves them,
 * handed over by a write that changes them no further before commit: the snapshot then does not read them again.
 */
export interface ProductAsLeft {
  product: Product;
  variants: Variant[];
  /** Its images (in the images loader's order), read under the product's lock, which every image write takes too. */
  images?: ProductImage[];
}

/**
 * Reads now what the product events of this transaction show that no product row lock guards (the
 * products' categories: a category write locks no product), so a write holding contended product
 * locks does not wait for them before it commits. Read at commit, they would be no newer in any way
 * a concurrent category write could not also race.
 */
export async function readUnguardedParts(tx: TransactionCtx, products: Pick<Product, 'categoryId'>[]): Promise<void> {
  const categoryIds = [...new Set(products.map((p) => p.categoryId).filter((id): id is string => id !== null))];
  if (categoryIds.length) await commitReads(tx).ctx.loaders.categoryById.loadMany(categoryIds);
}
