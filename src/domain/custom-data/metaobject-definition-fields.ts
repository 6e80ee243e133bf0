import { z } from 'zod';
import { definitionDescription, definitionLimits, definitionName, storefrontVisible, validationList, valueType } from './definition-fields.js';
import { keyPattern } from './namespaces.js';
import type { Validation, ValueType } from './value-types.js';

/** A metaobject type: lower-case letters, digits and `_`, starting with a letter; `app_` and `bazaar_` are reserved. */
export const metaobjectTypePattern = /^[a-z][a-z0-9_]{0,63}$/;
export const reservedTypePrefixes = ['app_', 'bazaar_'] as const;

export const metaobjectType = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .regex(metaobjectTypePattern, { error: 'must be 1-64 lower-case letters, digits or _, starting with a letter' })
  .refine((t) => !reservedTypePrefixes.some((p) => t.startsWith(p)), { error: 'must not start with app_ or bazaar_ (reserved for apps\' collected data and the platform)' });

export const metaobjectFieldInput = z.strictObject({
  key: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') }).regex(keyPattern, { error: 'must be 1-64 lower-case letters, digits, _ or -' }),
  name: definitionName,
  type: valueType,
  required: z.boolean({ error: 'must be true or false' }).optional(),
  validations: validationList.optional(),
});

export const metaobjectDefinitionShape = {
  type: metaobjectType,
  name: definitionName,
  description: definitionDescription.optional(),
  displayField: z.string({ error: 'must be the key of one of the fields' }).nullable().optional(),
  storefrontVisible: storefrontVisible.optional(),
  fields: z
    .array(metaobjectFieldInput, { error: 'must be a list of fields' })
    .min(1, { error: 'must hold at least one field' })
    .max(definitionLimits.maxFields, { error: `must hold at most ${definitionLimits.maxFields} fields` }),
};

export const metaobjectDefinitionInput = z.strictObject(metaobjectDefinitionShape);
export type MetaobjectDefinitionInput = z.output<typeof metaobjectDefinitionInput>;

/** A field as a definition stores it (the `fields` JSON column). */
export interface MetaobjectField {
  key: string;
  name: string;
  type: ValueType;
  required: boolean;
  validations: Validation[];
}

export const metaobjectLimits = { maxHandleLength: 100, maxBytes: 65_536 } as const;
export const handlePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const metaobjectShape = {
  type: metaobjectType,
  handle: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .max(metaobjectLimits.maxHandleLength, { error: `must be at most ${metaobjectLimits.maxHandleLength} characters` })
    .regex(handlePattern, { error: 'must be lower-case letters and digits in words joined by single dashes, such as blue-linen' }),
  fields: z.record(z.string(), z.unknown(), { error: 'must be an object of field key to value' }),
};

export const metaobjectInput = z.strictObject(metaobjectShape);
export type MetaobjectInput = z.output<typeof metaobjectInput>;
