import { z } from 'zod';
import { flexBoolean, nullableText, requiredText } from '../../platform/validation/body-fields.js';
import { valueLimits, valueTypes, type ValueType } from './value-types.js';

// Field rules both kinds of definition share, named as the domain names them (camelCase); REST
// wires them under snake_case names and GraphQL passes them as they are.

export const definitionLimits = { maxNameLength: 255, maxDescriptionLength: 5000, maxFields: 40 } as const;

export const valueType = z.enum(valueTypes, { error: `must be one of ${valueTypes.join(', ')}` }).meta({
  description:
    'text, number, boolean, date (YYYY-MM-DD), url (http or https), json, money ({amount: "19.99", currency_code: "USD"}), metaobject_reference (a metaobject uuid), product_reference (a product uuid), or list.{type} of any but json.',
}) as z.ZodType<ValueType>;

/** `[{name, value}]`: which names each type takes is checked with the type (value-types.ts). */
export const validationList = z
  .array(z.strictObject({ name: z.string({ error: 'must be text' }).max(64), value: z.unknown() }), { error: 'must be a list of {name, value}' })
  .max(valueLimits.maxValidations, { error: `must hold at most ${valueLimits.maxValidations} validations` })
  .meta({
    description:
      'Rules a value must pass, each {name, value}: text takes min_length, max_length, choices (list of texts); number takes min, max, integer (true); date takes min, max; url takes max_length; metaobject_reference takes metaobject_type; list types take their item type\'s rules and max_items (at most 100).',
  });

export const definitionName = requiredText(definitionLimits.maxNameLength);
export const definitionDescription = nullableText(definitionLimits.maxDescriptionLength);
export const storefrontVisible = flexBoolean.meta({ description: 'Whether shoppers (storefront keys) may read it; false when left out.' });
