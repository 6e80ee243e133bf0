import { z } from 'zod';
import { variantListLimits } from '../../../domain/catalog/list-variants.js';
import { nothingToChange, atLeastOneField, variantCreateShape, variantUpdateShape } from '../../../domain/catalog/writes/product-fields.js';
import type { KeysetWindow } from '../../../domain/pagination/keyset-page.js';
import { cursorParam, integerParam } from '../../../platform/validation/wire-params.js';
import { uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';
import { merchantVariant } from '../products/schemas.js';

export const variantListQuery = z
  .looseObject({
    limit: integerParam(1, variantListLimits.maxPageSize).meta({ description: `Page size, default ${variantListLimits.defaultPageSize}.` }),
    starting_after: cursorParam,
  })
  .transform((q): KeysetWindow => ({ size: q.limit ?? variantListLimits.defaultPageSize, after: q.starting_after }));

export const productParams = z.object({ product: z.string().meta({ description: 'The integer id or the uuid of a product of this store.' }) });

export const variantParams = productParams.extend({
  variant: z.string().meta({ description: 'The integer id or the uuid of a variant of that product.' }),
});

export const variantCreateBody = wireObject(variantCreateShape, { jsonParts: ['optionValues', 'metafields'] }).meta({
  description:
    'option_values and price are required; option_values names every option of the product once, with one of its values. metafields maps namespace.key to a value, each key defined for variants (metafield definitions).',
});

export const variantUpdateBody = wireObject(variantUpdateShape, { jsonParts: ['optionValues', 'metafields'] })
  .refine(atLeastOneField, nothingToChange)
  .meta({
    description:
      "The fields sent change; null clears compare_at_price, sku, backorder_ready_date and weight. metafields replaces the values the caller may write (null clears them) and keeps those under other owners' namespaces.",
  });

export const variantListAnswer = listAnswer(merchantVariant);
export const variantAnswer = singleAnswer(merchantVariant);
export const variantDeleteAnswer = singleAnswer(z.strictObject({ id: z.int(), uid: uuid, deleted: z.literal(true) }));
