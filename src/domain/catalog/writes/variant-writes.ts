import type { Product, Variant } from '../../../generated/prisma/client.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { checkMetafieldValues, mergeMetafields } from '../../custom-data/metafield-values.js';
import { refreshDerivedColumns } from '../../pricing/refresh-derived-columns.js';
import { withTransaction, type TransactionCtx } from '../../transaction.js';
import { findMerchantProduct } from '../find-product.js';
import { findVariant } from './find-variant.js';
import type { VariantCreateInput, VariantUpdateInput } from './product-fields.js';
import { combinationKey, optionValuesMismatch, orderedOptionValues, type OptionList } from './variant-options.js';
import { variantRow } from './variant-row.js';
import { appendProductEvent } from '../product-events.js';

// Every variant write locks its product row first, so concurrent writes to one product's variants
// run one after another: the duplicate-combination check and the derived columns read what the
// previous write committed. Each ends with refreshDerivedColumns, which moves the product's updatedAt.

interface ProductScope {
  product: Product;
  options: OptionList[];
  siblings: Variant[];
}

async function lockProduct(tx: TransactionCtx, rawProductId: string): Promise<ProductScope> {
  const found = await findMerchantProduct(tx, rawProductId);
  const product = await tx.db.product.update({ where: { id: found.id }, data: { updatedAt: new Date() } });
  const [options, siblings] = await Promise.all([
    tx.db.productOption.findMany({ where: { productId: product.id }, orderBy: { position: 'asc' } }),
    tx.db.variant.findMany({ where: { productId: product.id }, orderBy: [{ position: 'asc' }, { pId: 'asc' }] }),
  ]);
  return { product, options, siblings };
}

/** The option values fit the product's options and no other variant has the same combination. */
function checkCombination(scope: ProductScope, optionValues: Record<string, string>, self?: Variant): void {
  const mismatch = optionValuesMismatch(scope.options, optionValues);
  if (mismatch) throw ApiError.invalidField('optionValues', mismatch);
  const key = combinationKey(scope.options, optionValues);
  const twin = scope.siblings.find((v) => v.id !== self?.id && combinationKey(scope.options, v.optionValues as Record<string, string>) === key);
  if (twin) throw ApiError.invalidField('optionValues', `repeats the option values of variant ${twin.pId}`);
}

async function finish(tx: TransactionCtx, product: Product): Promise<void> {
  await refreshDerivedColumns(tx, product.id);
  appendProductEvent(tx, 'products/update', product.id);
}

/** Adds a variant at the end (or at its `position`), defaults taken from the product. */
export async function createVariant(ctx: Ctx, rawProductId: string, input: VariantCreateInput): Promise<Variant> {
  await checkMetafieldValues(ctx, 'variant', input.metafields ?? {});
  return withTransaction(ctx, async (tx) => {
    const scope = await lockProduct(tx, rawProductId);
    checkCombination(scope, input.optionValues);
    const nextPosition = scope.siblings.reduce((max, v) => Math.max(max, v.position + 1), 0);
    const row = variantRow(input, scope.options, {
      position: nextPosition,
      trackInventory: scope.product.trackInventory,
      isDigital: scope.product.isDigital,
    });
    const variant = await tx.db.variant.create({ data: { ...row, storeId: tx.db.$storeId, productId: scope.product.id } });
    await finish(tx, scope.product);
    return variant;
  });
}

/**
 * Changes the fields sent; `optionValues`, when sent, is checked like a new variant's, and
 * `metafields` replaces the values the caller may write as a product write does.
 */
export async function updateVariant(ctx: Ctx, rawProductId: string, rawVariantId: string, input: VariantUpdateInput): Promise<Variant> {
  await checkMetafieldValues(ctx, 'variant', input.metafields ?? {});
  return withTransaction(ctx, async (tx) => {
    const scope = await lockProduct(tx, rawProductId);
    const current = await findVariant(tx, scope.product, rawVariantId);
    const { optionValues, weight, metafields, ...plain } = input;
    const data: Prisma.VariantUncheckedUpdateInput = Object.fromEntries(Object.entries(plain).filter(([, v]) => v !== undefined));
    if (optionValues !== undefined) {
      checkCombination(scope, optionValues, current);
      data.optionValues = orderedOptionValues(scope.options, optionValues);
    }
    if (weight !== undefined) data.weight = weight === null ? null : new Prisma.Decimal(weight);
    if (metafields !== undefined) data.metafields = mergeMetafields(tx, current.metafields as Record<string, unknown>, metafields ?? {}) as object;
    const variant = await tx.db.variant.update({ where: { id: current.id }, data });
    await finish(tx, scope.product);
    return variant;
  });
}

/** Deletes a variant for good (variants have no soft delete); its stock history goes with it. */
export async function deleteVariant(ctx: Ctx, rawProductId: string, rawVariantId: string): Promise<Variant> {
  return withTransaction(ctx, async (tx) => {
    const scope = await lockProduct(tx, rawProductId);
    const variant = await findVariant(tx, scope.product, rawVariantId);
    await tx.db.variant.delete({ where: { id: variant.id } });
    await finish(tx, scope.product);
    return variant;
  });
}
