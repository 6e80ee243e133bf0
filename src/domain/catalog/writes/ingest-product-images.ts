import type { MediaFile } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../context.js';
import { ingestImage } from '../../media/ingest-image.js';
import type { ProductCreateInput } from './product-fields.js';
import type { ProductImageInput } from './product-image-fields.js';

export interface IngestedImage {
  file: MediaFile;
  alt: string | null | undefined;
}

/**
 * Brings a create's images into the store's media library, main image first, before its
 * transaction opens: downloads are slow and must hold no lock. A refused image fails the create
 * on its field (`imageUrl`, `images.N`); files already ingested stay in the library, as any upload does.
 */
export async function ingestProductImages(ctx: Ctx, input: Pick<ProductCreateInput, 'imageUrl' | 'images'>): Promise<IngestedImage[]> {
  const wanted: { image: ProductImageInput; field: string }[] = [
    ...(input.imageUrl ? [{ image: { source: { url: input.imageUrl } }, field: 'imageUrl' }] : []),
    ...(input.images ?? []).map((image, index) => ({ image, field: `images.${index}` })),
  ];
  return Promise.all(wanted.map(async ({ image, field }) => ({ file: await ingestImage(ctx, image.source, field, { alt: image.alt }), alt: image.alt })));
}
