import type { Product } from '../../../generated/prisma/client.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { checkMetafieldValues } from '../../custom-data/metafield-values.js';
import { attachProductImages } from '../../media/attach-product-images.js';
import { derivedProductColumns } from '../../pricing/derived-columns.js';
import { isInTransaction, withTransaction, type TransactionCtx } from '../../transaction.js';
import { ownStockWithVariants, type ProductCreateInput } from './product-fields.js';
import { ingestProductImages, type IngestedImage } from './ingest-product-images.js';
import { resolveCategoryId } from './resolve-category.js';
import { freeSlug } from './slug.js';
import { isSlugCollision } from './slug-collision.js';
import { checkVariantCombinations } from './variant-options.js';
import { variantRow } from './variant-row.js';
import { appendProductEvent } from '../product-events.js';

/** Each variant's metafields, named `variants.{index}.metafields.<namespace>.<key>` when refused. */
async function checkVariantMetafields(ctx: Ctx, variants: NonNullable<ProductCreateInput['variants']>): Promise<void> {
  for (const [index, variant] of variants.entries()) await checkMetafieldValues(ctx, 'variant', variant.metafields ?? {}, `variants.${index}.metafields`);
}

/** Each round of concurrent creates of one title lets one of them win, so this many of them always succeed. */
const SLUG_ATTEMPTS = 10;

async function insertProduct(tx: TransactionCtx, input: ProductCreateInput, images: IngestedImage[]): Promise<Product> {
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
  await attachProductImages(
    tx,
    product.id,
    images.map((i) => i.file),
    { primary: true, alts: images.map((i) => i.alt) },
  );
  appendProductEvent(tx, 'products/create', product.id);
  return product;
}

/**
 * Creates a product with its options, variants and images in one transaction, or nothing at all
 * (images are ingested into the media library first, outside it). The slug comes from the title
 * (slug.ts); when a concurrent create takes it first, the whole transaction runs again.
 */
export async function createProduct(ctx: Ctx, input: ProductCreateInput): Promise<Product> {
  checkVariantCombinations(input.options ?? [], input.variants ?? []);
  if (input.price === undefined && !input.variants?.length) throw ApiError.invalidField('price', 'is required for a product without variants');
  if (input.stock !== undefined && input.variants?.some((v) => v.isActive !== false)) throw ApiError.invalidField('stock', ownStockWithVariants);
  await checkMetafieldValues(ctx, 'product', input.metafields ?? {});
  await checkVariantMetafields(ctx, input.variants ?? []);
  const images = await ingestProductImages(ctx, input);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await withTransaction(ctx, (tx) => insertProduct(tx, input, images));
    } catch (error) {
      if (isInTransaction(ctx) || !isSlugCollision(error)) throw error;
      if (attempt === SLUG_ATTEMPTS)
        throw new ApiError('conflict', 'Other products with this title were being created at the same moment; send the request again.');
    }
  }
}
