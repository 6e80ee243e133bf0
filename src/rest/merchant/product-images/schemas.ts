import { z } from 'zod';
import { imageListLimits } from '../../../domain/media/product-images.js';
import { booleanParam, cursorParam, integerParam } from '../../../platform/validation/wire-params.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { altField, imageFilePart, imageUrlField, oneImageSource, sourceOf } from '../files/schemas.js';
import { merchantProductImage } from '../products/schemas.js';

export const productImageParams = z.object({
  product: z.string().meta({ description: 'The integer id or the uuid of a product of this store.' }),
});

export const imageParams = productImageParams.extend({
  image: z.string().meta({
    description:
      'The media id of one of the product’s images (its `id`, the library file it shows), or `primary` for its main image. When the product shows that file twice, the first in gallery order.',
  }),
});

export const imageListQuery = z
  .looseObject({
    limit: integerParam(1, imageListLimits.maxPageSize).meta({ description: `Page size, default ${imageListLimits.defaultPageSize}.` }),
    starting_after: cursorParam,
  })
  .transform((q) => ({ size: q.limit ?? imageListLimits.defaultPageSize, after: q.starting_after }));

export const addImageBody = z
  .object({
    media_id: integerParam(1, 2_147_483_647).meta({ description: 'The id of a file of this store’s media library (GET /files).' }),
    url: imageUrlField.optional(),
    file: imageFilePart.optional(),
    primary: booleanParam.meta({ description: 'true: the new main image (the others move one place down); otherwise it joins the gallery at its end.' }),
    alt: altField,
  })
  .superRefine(oneImageSource(['media_id', 'url', 'file']))
  .transform((body) => ({ ...sourceOf(body), primary: body.primary, alt: body.alt }));

export const updateImageBody = z
  .object({
    primary: booleanParam.meta({ description: 'true: this image becomes the main image (position 0); the others keep their order behind it.' }),
  })
  .superRefine((body, issues) => {
    if (body.primary !== true) {
      issues.addIssue({ code: 'custom', path: ['primary'], message: 'must be true: making an image the main image is the one change an image takes' });
    }
  });

export const imageAnswer = singleAnswer(merchantProductImage);
export const imageListAnswer = listAnswer(merchantProductImage);
export const deletedImageAnswer = singleAnswer(
  z.strictObject({
    id: z
      .int()
      .nullable()
      .meta({
        description: 'The media id of the image removed (its file stays in the media library); null for an image without a library file, deleted as `primary`.',
      }),
    deleted: z.literal(true),
  }),
);
