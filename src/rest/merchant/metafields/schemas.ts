import { z } from 'zod';
import { customDataListLimits, type MetafieldDefinitionListInput } from '../../../domain/custom-data/list-custom-data.js';
import { metafieldDefinitionShape, ownerTypes } from '../../../domain/custom-data/metafield-definition-fields.js';
import { metafieldDefinitionPatchShape } from '../../../domain/custom-data/update-metafield-definition.js';
import { valueTypes } from '../../../domain/custom-data/value-types.js';
import { cursorParam, enumParam, integerParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

export const metafieldDefinitionListQuery = z
  .looseObject({
    limit: integerParam(1, customDataListLimits.maxPageSize).meta({ description: `Page size, default ${customDataListLimits.defaultPageSize}.` }),
    starting_after: cursorParam,
    owner_type: enumParam(ownerTypes).meta({ description: 'Only the definitions of this owner type.' }),
  })
  .transform((q): MetafieldDefinitionListInput => ({
    window: { size: q.limit ?? customDataListLimits.defaultPageSize, after: q.starting_after },
    ownerType: q.owner_type,
  }));

export const metafieldDefinitionBody = wireObject(metafieldDefinitionShape).meta({
  description: [
    'owner_type, namespace, key, name and type are required; (owner_type, namespace, key) is unique in the store (a taken one is a 409 conflict).',
    'namespace: app.{slug} (and below it) only from an installation of that app, never bazaar.* (both 422 on namespace); anything else, such as custom, from any key.',
    'storefront_visible: whether shoppers read the value (product cards and details, storefront GraphQL); false when left out.',
  ].join(' '),
});

export const metafieldDefinitionParams = z.object({
  definition: z.string().meta({ description: 'The id (uuid) or the integer p_id of a metafield definition of this store.' }),
});

export const metafieldDefinitionPatchBody = wireObject(metafieldDefinitionPatchShape).meta({
  description: [
    'The fields sent change, the others keep their values: name, description, validations (replaced whole, checked against the type) and storefront_visible.',
    'owner_type, namespace, key and type are immutable: sent unchanged they are accepted, changed they are a 422 naming the field.',
    "A definition under app.{slug} is changed only by that app's installation (422 on namespace otherwise). New validations apply to values written from then on.",
  ].join(' '),
});

export const validationSchema = z.strictObject({ name: z.string(), value: z.unknown() });

export const merchantMetafieldDefinition = z
  .strictObject({
    id: uuid,
    owner_type: z.enum(ownerTypes),
    namespace: z.string(),
    key: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(valueTypes),
    validations: z.array(validationSchema),
    storefront_visible: z.boolean(),
    installation_id: z.int().nullable().meta({ description: 'The installation that defined it; null when the merchant did.' }),
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  })
  .meta({ id: 'MerchantMetafieldDefinition', description: 'A typed metafield an owner may carry under namespace.key.' });

export const metafieldDefinitionAnswer = singleAnswer(merchantMetafieldDefinition);
export const metafieldDefinitionListAnswer = listAnswer(merchantMetafieldDefinition);
