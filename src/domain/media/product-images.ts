import type { ProductImage } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { findMerchantProduct } from '../catalog/find-product.js';
import { primaryImage } from '../catalog/product-view-shape.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asNumber, type KeysetSort } from '../pagination/keyset.js';
import { withTransaction, type TransactionCtx } from '../transaction.js';
import { attachProductImages } from './attach-product-images.js';
import { ingestImage, type ImageSource } from './ingest-image.js';
import { appendProductEvent } from '../catalog/product-events.js';

export const imageListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;

const galleryOrder: KeysetSort<ProductImage> = [
  { field: 'position', direction: 'asc', read: (row) => row.position, parse: asNumber },
  { field: 'id', direction: 'asc', read: (row) => row.id, parse: asNumber },
];

const imageNotFound = () => ApiError.notFound('Product image');

/** A product's images in gallery order, the primary first. */
export async function listProductImages(ctx: Ctx, productRef: string, window: KeysetWindow): Promise<KeysetPage<ProductImage>> {
  const product = await findMerchantProduct(ctx, productRef);
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.product_images', storeId: ctx.store.id, filters: { product: product.id } },
      sort: galleryOrder,
      where: { productId: product.id },
      fetch: (args) => ctx.db.productImage.findMany(args as Parameters<typeof ctx.db.productImage.findMany>[0]),
    },
    window,
  );
}

/**
 * Starts an image write: finds the product again inside the transaction (it may have been deleted
 * meanwhile) and touches it, which moves `updated_at` for the polling feed and takes the product
 * row's lock, so concurrent image writes to one product renumber its gallery one after another.
 */
async function lockProduct(tx: TransactionCtx, productRef: string): Promise<string> {
  const product = await findMerchantProduct(tx, productRef);
  await tx.db.product.update({ where: { id: product.id }, data: { updatedAt: new Date() } });
  appendProductEvent(tx, 'products/update', product.id);
  return product.id;
}

/** The gallery with its main image first (images written before these rules may have it elsewhere). */
async function galleryOf(tx: TransactionCtx, productId: string): Promise<ProductImage[]> {
  const images = await tx.db.productImage.findMany({ where: { productId }, orderBy: [{ position: 'asc' }, { id: 'asc' }] });
  const primary = primaryImage(images);
  return primary ? [primary, ...images.filter((image) => image !== primary)] : [];
}

/** Writes the gallery in this order: positions 0, 1, 2, … and the first one primary. Answers the rows as they now are. */
async function reorder(tx: TransactionCtx, images: ProductImage[]): Promise<ProductImage[]> {
  return Promise.all(
    images.map((image, position) => {
      const isPrimary = position === 0;
      if (image.position === position && image.isPrimary === isPrimary) return image;
      return tx.db.productImage.update({ where: { id: image.id }, data: { position, isPrimary } });
    }),
  );
}

export interface AddImageInput {
  source: ImageSource;
  /** The wire field the source came in, for a refusal. */
  field: string;
  primary?: boolean;
  alt?: string | null;
}

/** Adds a library file, a download or an upload to a product: as its main image, or at the end of its gallery. */
export async function addProductImage(ctx: Ctx, productRef: string, input: AddImageInput): Promise<ProductImage> {
  // The product first, so a wrong product costs no download.
  await findMerchantProduct(ctx, productRef);
  const file = await ingestImage(ctx, input.source, input.field, { alt: input.alt });
  return withTransaction(ctx, async (tx) => {
    const productId = await lockProduct(tx, productRef);
    const alts = input.alt === undefined ? undefined : [input.alt];
    const [image] = await attachProductImages(tx, productId, [file], { primary: input.primary, alts });
    return image!;
  });
}

/** Makes one of a product's images its main image; the others keep their order behind it. */
export async function setPrimaryImage(ctx: Ctx, productRef: string, ref: ImageRef): Promise<ProductImage> {
  return withTransaction(ctx, async (tx) => {
    const gallery = await galleryOf(tx, await lockProduct(tx, productRef));
    const chosen = pick(gallery, ref);
    if (!chosen) throw imageNotFound();
    const [primary] = await reorder(tx, [chosen, ...gallery.filter((image) => image !== chosen)]);
    return primary!;
  });
}

/**
 * An image path segment (merchant spec: "`{image}` is a media id or the word `primary`"): the id
 * of the library file the image shows, or `primary`. A gallery that shows one file twice is
 * addressed at the first of them in gallery order; an image without a library file (written
 * before the media library) only as `primary`.
 */
export type ImageRef = number | 'primary';

function pick(gallery: ProductImage[], ref: ImageRef): ProductImage | undefined {
  return ref === 'primary' ? gallery[0] : gallery.find((image) => image.fileId === ref);
}

export function parseImageRef(raw: string): ImageRef | null {
  if (raw === 'primary') return 'primary';
  return /^\d{1,10}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/**
 * Removes an image from a product (the file stays in the library). When it was the main image,
 * the next one in gallery order becomes the main image, so a product is without one only when it
 * has no images left. Answers its own id and the media id it showed (null for an image without a library file).
 */
export async function deleteProductImage(ctx: Ctx, productRef: string, ref: ImageRef): Promise<{ imageId: number; mediaId: number | null }> {
  return withTransaction(ctx, async (tx) => {
    const gallery = await galleryOf(tx, await lockProduct(tx, productRef));
    const doomed = pick(gallery, ref);
    if (!doomed) throw imageNotFound();
    await tx.db.productImage.delete({ where: { id: doomed.id } });
    await reorder(
      tx,
      gallery.filter((image) => image !== doomed),
    );
    return { imageId: doomed.id, mediaId: doomed.fileId };
  });
}
