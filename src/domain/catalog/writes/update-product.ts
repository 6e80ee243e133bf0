import type { Prisma, Product } from '../../../generated/prisma/client.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { checkMetafieldValues, mergeMetafields } from '../../custom-data/metafield-values.js';
import { refreshDerivedColumns } from '../../pricing/refresh-derived-columns.js';
import { withTransaction, type TransactionCtx } from '../../transaction.js';
import { findMerchantProduct } from '../find-product.js';
import { ownStockWithVariants, type ProductOptionInput, type ProductUpdateInput } from './product-fields.js';
import { resolveCategoryId } from './resolve-category.js';
import { optionValuesMismatch } from './variant-options.js';
import { appendProductEvent } from '../product-events.js';

/**
 * The product columns a patch sets: only the fields sent. `metafields` replaces the values the
 * caller may write (a cleared map clears them) and keeps the ones under other owners' namespaces.
 */
async function changedColumns(tx: TransactionCtx, current: Product, input: ProductUpdateInput): Promise<Prisma.ProductUpdateInput> {
  const { options: _options, categoryId, metadata, metafields, ...plain } = input;
  const data: Prisma.ProductUncheckedUpdateInput = Object.fromEntries(Object.entries(plain).filter(([, v]) => v !== undefined));
  if (categoryId !== undefined) data.categoryId = await resolveCategoryId(tx.db, categoryId);
  if (metadata !== undefined) data.metadata = (metadata ?? {}) as object;
  if (metafields !== undefined) data.metafields = mergeMetafields(tx, current.metafields as Record<string, unknown>, metafields ?? {}) as object;
  return data as Prisma.ProductUpdateInput;
}

/** Replaces the option list, refused when a variant would be left with a value outside it. */
async function replaceOptions(tx: TransactionCtx, product: Product, options: ProductOptionInput[]): Promise<void> {
  const variants = await tx.db.variant.findMany({ where: { productId: product.id }, orderBy: { position: 'asc' }, select: { pId: true, optionValues: true } });
  for (const variant of variants) {
    const mismatch = optionValuesMismatch(options, variant.optionValues as Record<string, string>);
    if (mismatch) throw ApiError.invalidField('options', `would not fit variant ${variant.pId}: its option values ${mismatch}`);
  }
  await tx.db.productOption.deleteMany({ where: { productId: product.id } });
  if (options.length) {
    await tx.db.productOption.createMany({
      data: options.map((o, position) => ({ storeId: tx.db.$storeId, productId: product.id, name: o.name, values: o.values, position })),
    });
  }
}

/**
 * A patch of the product's own fields and, with `options`, its option list; variants change
 * through their own operations. Derived columns and `updatedAt` move in the same transaction.
 */
export async function updateProduct(ctx: Ctx, rawId: string, input: ProductUpdateInput): Promise<Product> {
  await checkMetafieldValues(ctx, 'product', input.metafields ?? {});
  return withTransaction(ctx, async (tx) => {
    const found = await findMerchantProduct(tx, rawId);
    // The first write takes the product's row lock, so variant writes to it wait for this one.
    const product = await tx.db.product.update({ where: { id: found.id }, data: await changedColumns(tx, found, input) });
    if (input.stock !== undefined && (await tx.db.variant.count({ where: { productId: product.id, isActive: true } }))) {
      throw ApiError.invalidField('stock', ownStockWithVariants);
    }
    if (input.options) await replaceOptions(tx, product, input.options);
    await refreshDerivedColumns(tx, product.id);
    appendProductEvent(tx, 'products/update', product.id);
    return product;
  });
}
