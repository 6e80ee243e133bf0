import type { MediaFile as MediaFileRow, ProductImage as ProductImageRow } from '../../generated/prisma/client.js';
import { ingestImage, type ImageSource } from '../../domain/media/ingest-image.js';
import { addProductImage, deleteProductImage, parseImageRef, setPrimaryImage, type ImageRef } from '../../domain/media/product-images.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder, merchantScope } from '../builder.js';
import { ProductImage } from '../catalog/product-types.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { MediaFile } from './types.js';

// The image mutations take the input of their REST operations; the domain names its fields as the
// REST wire does (`media_id`), so refusals are renamed to this input's fields.
const inputField = (field: string) => `input.${{ media_id: 'mediaId', product: 'productId', image: 'image' }[field] ?? field}`;

/**
 * The one image source an input names (REST's `media_id`, `url` or `file` part) and the REST field a
 * refusal of it names; sending none or two is a refusal on `field`, listing the `accepted` inputs.
 */
async function imageSourceOf(
  input: { mediaId?: number | null; url?: string | null; file?: File | null },
  refusal: { field: string; accepted: string },
): Promise<{ source: ImageSource; field: string }> {
  const sent = [input.mediaId, input.url, input.file].filter((value) => value !== null && value !== undefined);
  if (sent.length !== 1) throw ApiError.invalidField(refusal.field, `send exactly one of ${refusal.accepted}`);
  if (input.mediaId != null) return { source: { fileId: input.mediaId }, field: 'media_id' };
  if (input.url != null) return { source: { url: input.url }, field: 'url' };
  const file = input.file!;
  return { source: { upload: { filename: file.name, mimetype: file.type, data: Buffer.from(await file.arrayBuffer()) } }, field: 'file' };
}

function imageRefOf(raw: string): ImageRef {
  const ref = parseImageRef(raw);
  if (ref === null) throw ApiError.notFound('Product image');
  return ref;
}

const FileCreateInput = builder.inputType('FileCreateInput', {
  fields: (t) => ({
    url: t.string({
      required: false,
      description: 'A public http(s) address; downloaded into the library behind the SSRF guard, never hot-linked. Send this or file.',
    }),
    file: t.field({ type: 'File', required: false, description: 'An uploaded image (a file part of a multipart request); send this or url.' }),
    alt: t.string({ required: false }),
  }),
});

const FileCreatePayload = builder.objectRef<{ file: MediaFileRow | null; userErrors: UserErrorShape[] }>('FileCreatePayload').implement({
  fields: (t) => ({ file: t.expose('file', { type: MediaFile, nullable: true }), userErrors: t.expose('userErrors', { type: [UserError] }) }),
});

const ProductImageAddInput = builder.inputType('ProductImageAddInput', {
  fields: (t) => ({
    productId: t.string({ required: true, description: 'Integer id or uuid of the product.' }),
    mediaId: t.int({ required: false, description: 'A file of the media library; send one of mediaId, url, file.' }),
    url: t.string({ required: false, description: 'A public http(s) address to download; send one of mediaId, url, file.' }),
    file: t.field({
      type: 'File',
      required: false,
      description: 'An uploaded image (a file part of a multipart request), added to the media library first; send one of mediaId, url, file.',
    }),
    primary: t.boolean({ required: false, description: 'true: the new main image; otherwise it joins the gallery at its end.' }),
    alt: t.string({ required: false }),
  }),
});

const ProductImageRefInput = builder.inputType('ProductImageRefInput', {
  fields: (t) => ({
    productId: t.string({ required: true, description: 'Integer id or uuid of the product.' }),
    image: t.string({
      required: true,
      description: 'The media id of the image (`ProductImage.mediaId`, as in REST `{image}`), or `primary` for the main image.',
    }),
  }),
});

const ProductImagePayload = builder.objectRef<{ image: ProductImageRow | null; userErrors: UserErrorShape[] }>('ProductImagePayload').implement({
  fields: (t) => ({ image: t.expose('image', { type: ProductImage, nullable: true }), userErrors: t.expose('userErrors', { type: [UserError] }) }),
});

const ProductImageDeletePayload = builder
  .objectRef<{ deletedImageId: number | null; deletedMediaId: number | null; userErrors: UserErrorShape[] }>('ProductImageDeletePayload')
  .implement({
    fields: (t) => ({
      deletedImageId: t.exposeInt('deletedImageId', { nullable: true, description: 'The `ProductImage.id` of the image removed.' }),
      deletedMediaId: t.exposeInt('deletedMediaId', {
        nullable: true,
        description: 'The media id of the image removed (its file stays in the library); null for an image without a library file, or on a refusal.',
      }),
      userErrors: t.expose('userErrors', { type: [UserError] }),
    }),
  });

builder.mutationFields((t) => ({
  fileCreate: t.field({
    type: FileCreatePayload,
    ...merchantScope('merchant-media-create'),
    description: 'Adds an image to the media library, downloaded from url or uploaded as file (POST /files).',
    args: { input: t.arg({ type: FileCreateInput, required: true }) },
    resolve: async (_root, { input }, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(async () => {
        const { source, field } = await imageSourceOf(input, { field: 'url', accepted: 'url, file' });
        return ingestImage(ctx, source, field, { alt: input.alt ?? null });
      }, inputField);
      return { file: result, userErrors };
    },
  }),
  productImageAdd: t.field({
    type: ProductImagePayload,
    ...merchantScope('merchant-items-update'),
    description: 'Adds a library file, a download or an upload to a product (POST /products/{product}/images).',
    args: { input: t.arg({ type: ProductImageAddInput, required: true }) },
    resolve: async (_root, { input }, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(async () => {
        const { source, field } = await imageSourceOf(input, { field: 'media_id', accepted: 'mediaId, url, file' });
        return addProductImage(ctx, input.productId, { source, field, primary: input.primary ?? undefined, alt: input.alt ?? undefined });
      }, inputField);
      return { image: result, userErrors };
    },
  }),
  productImageSetPrimary: t.field({
    type: ProductImagePayload,
    ...merchantScope('merchant-items-update'),
    description: 'Makes an image the main image (PATCH /products/{product}/images/{image} with primary true).',
    args: { input: t.arg({ type: ProductImageRefInput, required: true }) },
    resolve: async (_root, { input }, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => setPrimaryImage(ctx, input.productId, imageRefOf(input.image)), inputField);
      return { image: result, userErrors };
    },
  }),
  productImageDelete: t.field({
    type: ProductImageDeletePayload,
    ...merchantScope('merchant-items-update'),
    description: 'Removes an image from a product; the next image becomes the main image when the main one goes.',
    args: { input: t.arg({ type: ProductImageRefInput, required: true }) },
    resolve: async (_root, { input }, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => deleteProductImage(ctx, input.productId, imageRefOf(input.image)), inputField);
      return { deletedImageId: result?.imageId ?? null, deletedMediaId: result?.mediaId ?? null, userErrors };
    },
  }),
}));
