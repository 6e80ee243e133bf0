import type { MediaFile, Prisma, ProductImage } from '../../generated/prisma/client.js';
import type { TransactionCtx } from '../transaction.js';
import { orderedRenditions } from './renditions.js';

export interface AttachOptions {
  /** The first of the files becomes the product's main image (position 0); otherwise they join the gallery at its end. */
  primary?: boolean;
  /** Alt text per file, in the same order; a missing one takes the file's own alt. */
  alts?: (string | null | undefined)[];
}

/**
 * Shows store files on a product, inside the write's transaction. The primary image is always
 * the first (position 0) and positions stay 0, 1, 2, … in gallery order: a new main image moves
 * the others one place down; a product that had no images gets its first one as primary, so a
 * product has no primary image only when it has no images. Answers the new images in file order.
 * Moving `updated_at` and the `products/update` event are the calling write's.
 */
export async function attachProductImages(tx: TransactionCtx, productId: string, files: MediaFile[], options: AttachOptions = {}): Promise<ProductImage[]> {
  if (!files.length) return [];
  const existing = await tx.db.productImage.findMany({ where: { productId }, orderBy: [{ position: 'desc' }, { id: 'desc' }], take: 1 });
  const last = existing[0]?.position ?? -1;
  const leads = options.primary === true || existing.length === 0;
  if (leads && existing.length) {
    await tx.db.productImage.updateMany({ where: { productId }, data: { isPrimary: false, position: { increment: 1 } } });
  }
  const end = leads ? last + 2 : last + 1;
  const rows: Prisma.ProductImageCreateManyInput[] = files.map((file, index) => {
    const sizes = orderedRenditions(file.sizes);
    const position = leads ? (index === 0 ? 0 : end + index - 1) : end + index;
    return {
      storeId: tx.store.id,
      productId,
      fileId: file.id,
      url: sizes.original.url,
      alt: options.alts?.[index] ?? file.alt,
      width: file.width,
      height: file.height,
      position,
      isPrimary: leads && index === 0,
      sizes: file.sizes as Prisma.InputJsonValue,
    };
  });
  const created = await tx.db.productImage.createManyAndReturn({ data: rows });
  const byPosition = new Map(created.map((image) => [image.position, image]));
  return rows.map((row) => byPosition.get(row.position!)!);
}
