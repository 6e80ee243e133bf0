import { z } from 'zod';
import { definitionDescription, definitionName, storefrontVisible, validationList, valueType } from './definition-fields.js';
import { keyPattern, namespacePattern } from './namespaces.js';

export const ownerTypes = ['product', 'variant', 'collection', 'customer', 'order'] as const;
export type OwnerType = (typeof ownerTypes)[number];

export const ownerType = z.enum(ownerTypes, { error: `must be one of ${ownerTypes.join(', ')}` });

export const metafieldDefinitionShape = {
  ownerType,
  namespace: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .regex(namespacePattern, { error: 'must be 1-4 dot-separated parts of lower-case letters, digits, _ or - (at most 64 each), such as custom or app.{slug}' }),
  key: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .regex(keyPattern, { error: 'must be 1-64 lower-case letters, digits, _ or -' }),
  name: definitionName,
  description: definitionDescription.optional(),
  type: valueType,
  validations: validationList.optional(),
  storefrontVisible: storefrontVisible.optional(),
};

export const metafieldDefinitionInput = z.strictObject(metafieldDefinitionShape);
export type MetafieldDefinitionInput = z.output<typeof metafieldDefinitionInput>;
