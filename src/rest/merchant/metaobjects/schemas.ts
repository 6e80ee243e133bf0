import { z } from 'zod';
import { customDataListLimits, type MetaobjectListInput } from '../../../domain/custom-data/list-custom-data.js';
import { metaobjectDefinitionShape, metaobjectShape, metaobjectType } from '../../../domain/custom-data/metaobject-definition-fields.js';
import type { KeysetWindow } from '../../../domain/pagination/keyset-page.js';
import { valueTypes } from '../../../domain/custom-data/value-types.js';
import { metaobjectDefinitionPatchShape } from '../../../domain/custom-data/update-metaobject-definition.js';
import { metaobjectPatchShape } from '../../../domain/custom-data/update-metaobject.js';
import { cursorParam, integerParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, jsonMap, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';
import { validationSchema } from '../metafields/schemas.js';

const limit = integerParam(1, customDataListLimits.maxPageSize).meta({ description: `Page size, default ${customDataListLimits.defaultPageSize}.` });

export const metaobjectDefinitionListQuery = z
  .looseObject({ limit, starting_after: cursorParam })
  .transform((q): KeysetWindow => ({ size: q.limit ?? customDataListLimits.defaultPageSize, after: q.starting_after }));

export const metaobjectListQuery = z
  .looseObject({ limit, starting_after: cursorParam, type: metaobjectType.optional().meta({ description: 'Only the entries of this type.' }) })
  .transform((q): MetaobjectListInput => ({ window: { size: q.limit ?? customDataListLimits.defaultPageSize, after: q.starting_after }, type: q.type }));

export const metaobjectDefinitionBody = wireObject(metaobjectDefinitionShape).meta({
  description: [
    'type, name and fields are required; type is unique in the store (a taken one is a 409 conflict) and may not start with app_ or bazaar_.',
    'fields: 1-40 of {key, name, type, required (default false), validations}, keys unique. display_field: the key of the field that names an entry.',
    'storefront_visible: whether shoppers read its entries (GET /v1/store/metaobjects/{type}); false when left out.',
  ].join(' '),
});

export const metaobjectBody = wireObject(metaobjectShape).meta({
  description:
    'type (an existing definition), handle (unique within the type: a taken one is a 409 conflict) and fields (field key to value, checked against the definition: unknown keys, missing required fields, wrong types and failed validations are 422 naming fields.{key}; a metaobject_reference that does not resolve is 422 metaobject_reference_invalid) are required.',
});

export const metaobjectTypeParams = z.object({ type: z.string().meta({ description: 'A metaobject type of this store.' }) });
export const metaobjectParams = z.object({ id: z.string().meta({ description: 'The id (uuid) or the integer p_id of a metaobject of this store.' }) });

export const metaobjectDefinitionPatchBody = wireObject(metaobjectDefinitionPatchShape).meta({
  description: [
    'The fields sent change, the others keep their values. fields merges by key: a sent field replaces the field of its key (its type is immutable: a change is a 422 naming fields.N.type), a new key is added, fields not sent stay (at most 40 in all).',
    'display_field must name one of the merged fields. type is immutable: sent unchanged it is accepted, changed it is a 422. Entries are not rewritten; each is checked whole against the new definition at its next write.',
  ].join(' '),
});

export const metaobjectPatchBody = wireObject(metaobjectPatchShape).meta({
  description: [
    'fields merges into the stored values: a sent key replaces its value, null removes it, keys not sent stay; the merged entry is checked whole against its definition (422 naming fields.{key}; metaobject_reference_invalid as on create).',
    'handle renames the entry within its type (a taken one is a 409 conflict). type is immutable: sent unchanged it is accepted, changed it is a 422.',
  ].join(' '),
});

const field = z.strictObject({ key: z.string(), name: z.string(), type: z.enum(valueTypes), required: z.boolean(), validations: z.array(validationSchema) });

export const merchantMetaobjectDefinition = z
  .strictObject({
    id: uuid,
    type: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    display_field: z.string().nullable(),
    storefront_visible: z.boolean(),
    fields: z.array(field),
    installation_id: z.int().nullable().meta({ description: 'The installation that defined it; null when the merchant did.' }),
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  })
  .meta({ id: 'MerchantMetaobjectDefinition', description: 'A record type: its fields and how its entries are named and shown.' });

export const metaobjectSchema = z
  .strictObject({
    id: uuid,
    type: z.string(),
    handle: z.string(),
    display_name: z.string().meta({ description: "The display field's value when it is text or a number, else the handle." }),
    fields: jsonMap,
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  })
  .meta({ id: 'Metaobject', description: 'An entry of a metaobject type.' });

export const metaobjectDefinitionAnswer = singleAnswer(merchantMetaobjectDefinition);
export const metaobjectDefinitionListAnswer = listAnswer(merchantMetaobjectDefinition);
export const metaobjectAnswer = singleAnswer(metaobjectSchema);
export const metaobjectListAnswer = listAnswer(metaobjectSchema);
