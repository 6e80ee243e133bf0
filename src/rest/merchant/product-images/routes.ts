import { scope } from '../../../auth/requirements.js';
import type { ProductImage } from '../../../generated/prisma/client.js';
import { imageDocument } from '../../../domain/catalog/document.js';
import { addProductImage, deleteProductImage, listProductImages, parseImageRef, setPrimaryImage, type ImageRef } from '../../../domain/media/product-images.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { addImageBody, deletedImageAnswer, imageAnswer, imageListAnswer, imageListQuery, imageParams, productImageParams, updateImageBody } from './schemas.js';

const present = (image: ProductImage) => imageDocument(image, image.isPrimary ? image : undefined);

function imageRefOf(raw: string): ImageRef {
  const ref = parseImageRef(raw);
  if (ref === null) throw ApiError.notFound('Product image');
  return ref;
}

export const productImageRoutes = [
  defineRoute({
    method: 'GET',
    url: '/products/:product/images',
    operationId: 'listProductImages',
    tag: 'Product images',
    summary: "A product's images in gallery order, the main image first",
    auth: scope('merchant-items-detail'),
    params: productImageParams,
    query: imageListQuery,
    answer: imageListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { params, query }) => {
      const page = await listProductImages(ctx, params.product, query);
      return { body: list('Product images', page.rows.map(present), page) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/products/:product/images',
    operationId: 'addProductImage',
    tag: 'Product images',
    summary: 'Adds an image to a product: a library file (`media_id`), a download (`url`) or an upload (multipart `file`)',
    description:
      'A `url` or `file` first becomes a file of the media library (see POST /files), so the same picture can be shown again by its `media_id`. Moves the product’s `updated_at`.',
    auth: scope('merchant-items-update'),
    params: productImageParams,
    body: addImageBody,
    uploads: true,
    answer: imageAnswer,
    status: 201,
    handle: async (ctx, { params, body }) => {
      const image = await addProductImage(ctx, params.product, body);
      return { status: 201, body: single('Product image added', present(image)) };
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/products/:product/images/:image',
    operationId: 'updateProductImage',
    tag: 'Product images',
    summary: 'Makes an image the product’s main image',
    auth: scope('merchant-items-update'),
    params: imageParams,
    body: updateImageBody,
    answer: imageAnswer,
    handle: async (ctx, { params }) => {
      const image = await setPrimaryImage(ctx, params.product, imageRefOf(params.image));
      return { body: single('Product image updated', present(image)) };
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/products/:product/images/:image',
    operationId: 'deleteProductImage',
    tag: 'Product images',
    summary: 'Removes an image from a product; the next image becomes the main image when the main one goes',
    description: 'The file stays in the media library. Moves the product’s `updated_at`.',
    auth: scope('merchant-items-update'),
    params: imageParams,
    answer: deletedImageAnswer,
    handle: async (ctx, { params }) => {
      const { mediaId } = await deleteProductImage(ctx, params.product, imageRefOf(params.image));
      return { body: single('Product image deleted', { id: mediaId, deleted: true }) };
    },
  }),
];
