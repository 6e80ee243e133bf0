import type { MediaFile as MediaFileRow, ProductImage as ProductImageRow } from '../../generated/prisma/client.js';
import { ingestImage } from '../../domain/media/ingest-image.js';
import { addProductImage, deleteProductImage, parseImageRef, setPrimaryImage, type ImageRef } from '../../domain/media/product-images.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder, merchantScope } from '../builder.js';
import { ProductImage } from '../catalog/product-types.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { MediaFile } from './types.js';

// The image mutations take the input of their REST operations; the domain names its fields as the
// REST wire does (`media_id`), so refusals are renamed to this input's fields.
const inputField = (field: string) => `input.${{ media_id: 'mediaId', product: 'productId', image: 'image' }[field] ?? field}`;

function imageRefOf(raw: string): ImageRef {
  const ref = parseImageRef(raw);
  if (ref === null) throw ApiError.notFound('Product image');
  return ref;
}

const FileCreateInput = builder.inputType('FileCreateInput', {
  fields: (t) => ({
    url: t.string({ required: true, description: 'A public http(s) address; downloaded into the library behind the SSRF guard, never hot-linked.' }),
    alt: t.string({ required: false }),
  }),
});

const FileCreatePayload = builder.objectRef<{ file: MediaFileRow | null; userErrors: UserErrorShape[] }>('FileCreatePayload').implement({
  fields: (t) => ({ file: t.expose('file', { type: MediaFile, nullable: true }), userErrors: t.expose('userErrors', { type: [UserError] }) }),
});

const ProductImageAddInput = builder.inputType('ProductImageAddInput', {
  fields: (t) => ({
    productId: t.string({ required: true, description: 'Integer id or uuid of the product.' }),
    mediaId: t.int({ required: false, description: 'A file of the media library; send this or url.' }),
    url: t.string({ required: false, description: 'A public http(s) address to download; send this or mediaId.' }),
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
    description: 'Downloads an image into the media library (POST /files with url).',
    args: { input: t.arg({ type: FileCreateInput, required: true }) },
    resolve: async (_root, { input }, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => ingestImage(ctx, { url: input.url }, 'url', { alt: input.alt ?? null }), inputField);
      return { file: result, userErrors };
    },
  }),
  productImageAdd: t.field({
    type: ProductImagePayload,
    ...merchantScope('merchant-items-update'),
    description: 'Adds a library file or a download to a product (POST /products/{product}/images).',
    args: { input: t.arg({ type: ProductImageAddInput, required: true }) },
    resolve: async (_root, { input }, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => {
        const sources = [input.mediaId, input.url].filter((v) => v !== null && v !== undefined);
        if (sources.length !== 1) throw ApiError.invalidField('media_id', 'send exactly one of mediaId, url');
        const source = input.mediaId != null ? { fileId: input.mediaId } : { url: input.url! };
        return addProductImage(ctx, input.productId, {
          source,
          field: input.mediaId != null ? 'media_id' : 'url',
          primary: input.primary ?? undefined,
          alt: input.alt ?? undefined,
        });
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
