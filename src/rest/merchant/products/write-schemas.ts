import { z } from 'zod';
import {
  atLeastOneField,
  nothingToChange,
  productCreateShape,
  productUpdateShape,
  publishShape,
  variantCreateShape,
  variantListOf,
} from '../../../domain/catalog/writes/product-fields.js';
import { imageItem, imageListOf } from '../../../domain/catalog/writes/product-image-fields.js';
import { isoTimestamp, uuid } from '../../kit/common-schemas.js';
import { singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

// Product write bodies: the domain's field rules (src/domain/catalog/writes/product-fields.ts)
// under snake_case names, as JSON or as multipart/form-data, where each nested field (metadata,
// metafields, options, variants) is one part holding JSON text and booleans may be 1 or 0.

/**
 * `images` in any form a body can carry it: a list (JSON), one value, or repeated multipart parts,
 * each an uploaded file, a URL, or JSON text of one image or a list of them.
 */
const imagesOfAnyForm = (value: unknown) => {
  if (value === undefined) return value;
  return [value].flat().flatMap((item) => {
    if (typeof item !== 'string' || !/^\s*[[{]/.test(item)) return [item];
    try {
      return [JSON.parse(item) as unknown].flat();
    } catch {
      return [item];
    }
  });
};

export const productCreateBody = wireObject(productCreateShape, {
  jsonParts: ['metadata', 'metafields', 'options', 'variants'],
  wireFields: {
    variants: variantListOf(wireObject(variantCreateShape)).optional(),
    images: z.preprocess(imagesOfAnyForm, imageListOf(imageItem('media_id')).optional()),
  },
}).meta({
  description:
    'JSON, or multipart/form-data with the same fields: metadata, metafields, options and variants are then each one part of JSON text; booleans accept true, false, 1, 0; an empty part clears a nullable field. image_url is the main image (downloaded, never hot-linked); images are more, each a URL, {url, alt}, {media_id, alt} or, in multipart, a file part named images.',
});

export const productUpdateBody = wireObject(productUpdateShape, { jsonParts: ['metadata', 'metafields', 'options'] })
  .refine(atLeastOneField, nothingToChange)
  .meta({
    description:
      'A patch: fields sent change, fields left out keep their value, null clears a nullable field (metadata and metafields become {}). options replaces the option list; variants change through their own operations.',
  });

export const publishBody = wireObject(publishShape, { jsonParts: ['ids'] }).meta({
  description: 'ids: 1 to 100 integer ids or uuids of products of this store; all or nothing.',
});

export const productDeleteAnswer = singleAnswer(
  z.strictObject({ id: z.int(), p_id: z.int().meta({ description: 'The same integer id, under its older name.' }), deleted: z.literal(true) }),
);

export const publishAnswer = singleAnswer(
  z.strictObject({
    published: z.boolean(),
    products: z.array(z.strictObject({ id: z.int(), uid: uuid, published: z.boolean(), updated_at: isoTimestamp })),
  }),
);
