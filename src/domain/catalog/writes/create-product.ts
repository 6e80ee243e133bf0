import type { Product } from '../../../generated/prisma/client.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { derivedProductColumns } from '../../pricing/derived-columns.js';
import { isInTransaction, withTransaction, type TransactionCtx } from '../../transaction.js';
import { ownStockWithVariants, type ProductCreateInput } from './product-fields.js';
import { resolveCategoryId } from './resolve-category.js';
import { freeSlug } from './slug.js';
import { isSlugCollision } from './slug-collision.js';
import { checkVariantCombinations } from './variant-options.js';
import { variantRow } from './variant-row.js';

/** Work a create does inside its transaction once the product row exists (attaching images). */
export type AfterCreate = (tx: TransactionCtx, product: Product) => Promise<void>;

const SLUG_ATTEMPTS = 3;

async function insertProduct(tx: TransactionCtx, input: ProductCreateInput, afterCreate?: AfterCreate): Promise<Product> {
  const options = input.options ?? [];
  const trackInventory = input.trackInventory ?? true;
  const isDigital = input.isDigital ?? false;
  const variants = (input.variants ?? []).map((v, index) => variantRow(v, options, { position: index, trackInventory, isDigital }));
  const price = input.price ?? variants.reduce((min, v) => (v.price.lt(min) ? v.price : min), variants[0]!.price);
  const own = { price, compareAtPrice: input.compareAtPrice ?? null, trackInventory, stock: input.stock ?? 0 };

  const product = await tx.db.product.create({
    data: {
      storeId: tx.db.$storeId,
      slug: await freeSlug(tx.db, input.title),
      title: input.title,
      excerpt: input.excerpt ?? null,
      description: input.description ?? null,
      sku: input.sku ?? null,
      barcode: input.barcode ?? null,
      isDigital,
      published: input.published ?? true,
      status: input.status ?? 'active',
      categoryId: await resolveCategoryId(tx.db, input.categoryId ?? null),
      metadata: (input.metadata ?? {}) as object,
      metafields: (input.metafields ?? {}) as object,
      ...own,
      ...derivedProductColumns(own, variants),
    },
  });
  if (options.length) {
    await tx.db.productOption.createMany({
      data: options.map((o, position) => ({ storeId: tx.db.$storeId, productId: product.id, name: o.name, values: o.values, position })),
    });
  }
  if (variants.length) await tx.db.variant.createMany({ data: variants.map((v) => ({ ...v, storeId: tx.db.$storeId, productId: product.id })) });
  await afterCreate?.(tx, product);
  tx.outbox.append({ topic: 'products/create', payload: { id: product.id } });
  return product;
}

/**
 * Creates a product with its options and variants in one transaction, or nothing at all. The slug
 * comes from the title (slug.ts); when a concurrent create takes it first, the whole create runs again.
 */
export async function createProduct(ctx: Ctx, input: ProductCreateInput, afterCreate?: AfterCreate): Promise<Product> {
  checkVariantCombinations(input.options ?? [], input.variants ?? []);
  if (input.price === undefined && !input.variants?.length) throw ApiError.invalidField('price', 'is required for a product without variants');
  if (input.stock !== undefined && input.variants?.some((v) => v.isActive !== false)) throw ApiError.invalidField('stock', ownStockWithVariants);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await withTransaction(ctx, (tx) => insertProduct(tx, input, afterCreate));
    } catch (error) {
      if (attempt < SLUG_ATTEMPTS && !isInTransaction(ctx) && isSlugCollision(error)) continue;
      throw error;
    }
  }
}
