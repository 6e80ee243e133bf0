import { z } from 'zod';
import { flexBoolean, nullableText, requiredText, wholeNumber } from '../../../platform/validation/body-fields.js';
import { checkValidation, fieldTypeSchema, validationNames, type CollectedField } from './field-types.js';

// The body of POST and PATCH /collected-definitions. `data_class` and the owner are never taken
// from it: a definition is always `collected`, and it belongs to the installation that calls.

export const definitionLimits = {
  type: 120,
  fields: 50,
  validations: 10,
  /** Records one definition keeps; `entry_cap_override` may set another cap up to `maxEntryCap`. */
  defaultEntryCap: 10_000,
  maxEntryCap: 100_000,
  maxRetentionDays: 3650,
} as const;

const validation = z.strictObject(
  {
    name: z.enum(validationNames, { error: `must be one of ${validationNames.join(', ')}` }),
    value: z.union([z.number(), z.string(), z.array(z.string())], { error: 'must be a number, a text or a list of texts' }),
  },
  { error: 'must be an object of name and value' },
);

const field = z
  .strictObject(
    {
      key: z.string({ error: 'is required' }).regex(/^[a-z][a-z0-9_]{0,63}$/, { error: 'must be 1-64 lower-case letters, digits and "_", starting with a letter' }),
      name: requiredText(120),
      type: fieldTypeSchema,
      required: flexBoolean.default(false),
      validations: z.array(validation, { error: 'must be a list of validations' }).max(definitionLimits.validations).default([]),
    },
    { error: 'must be an object of key, name, type, required and validations' },
  )
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.validations.forEach((v, index) => {
      const problem = checkValidation(f.type, v);
      if (problem) ctx.addIssue({ code: 'custom', path: ['validations', index], message: problem });
      if (seen.has(v.name)) ctx.addIssue({ code: 'custom', path: ['validations', index], message: `repeats ${v.name}` });
      seen.add(v.name);
    });
  });

const fieldList = z
  .array(field, { error: 'must be a list of fields' })
  .min(1, { error: 'must list at least one field' })
  .max(definitionLimits.fields, { error: `must list at most ${definitionLimits.fields} fields` })
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((f, index) => {
      if (seen.has(f.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: `repeats the key ${f.key}` });
      seen.add(f.key);
    });
  });

export const definitionFieldShape = {
  type: z
    .string({ error: 'is required' })
    .regex(new RegExp(`^[a-z0-9_-]{1,${definitionLimits.type}}$`), { error: `must be 1-${definitionLimits.type} lower-case letters, digits, "_" and "-"` }),
  name: requiredText(120),
  description: nullableText(1000),
  displayField: nullableText(64),
  storefrontVisible: flexBoolean,
  hasPages: flexBoolean,
  entryCapOverride: z.preprocess((v) => (v === '' ? null : v), wholeNumber(1, definitionLimits.maxEntryCap).nullable()),
  retentionDays: z.preprocess((v) => (v === '' ? null : v), wholeNumber(1, definitionLimits.maxRetentionDays).nullable()),
  fields: fieldList,
};

/** A create needs type, name and fields; a PATCH takes any of them (and `type` only unchanged). */
export const definitionCreateShape = {
  ...definitionFieldShape,
  description: definitionFieldShape.description.optional(),
  displayField: definitionFieldShape.displayField.optional(),
  storefrontVisible: definitionFieldShape.storefrontVisible.optional(),
  hasPages: definitionFieldShape.hasPages.optional(),
  entryCapOverride: definitionFieldShape.entryCapOverride.optional(),
  retentionDays: definitionFieldShape.retentionDays.optional(),
};

export const definitionPatchShape = Object.fromEntries(Object.entries(definitionFieldShape).map(([name, schema]) => [name, schema.optional()])) as {
  [K in keyof typeof definitionFieldShape]: z.ZodOptional<(typeof definitionFieldShape)[K]>;
};

export interface DefinitionInput {
  type?: string;
  name?: string;
  description?: string | null;
  displayField?: string | null;
  storefrontVisible?: boolean;
  hasPages?: boolean;
  entryCapOverride?: number | null;
  retentionDays?: number | null;
  fields?: CollectedField[];
}
