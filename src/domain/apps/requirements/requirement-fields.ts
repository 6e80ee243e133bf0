import { z } from 'zod';
import { wholeNumber } from '../../../platform/validation/body-fields.js';

// The body of PUT /app/requirements: the whole list, replaced.

export const requirementLimits = { items: 500, prefix: 255 } as const;

export const requirementItem = z.strictObject(
  {
    product_product_p_id: wholeNumber(1, 2_147_483_647),
    prefix: z
      .string({ error: 'is required' })
      .regex(/^[a-z0-9_.-]+$/, { error: 'must be a metafield prefix: lower-case letters, digits, "_", "." and "-"' })
      .max(requirementLimits.prefix, { error: `must be at most ${requirementLimits.prefix} characters` }),
  },
  { error: 'must be an object of product_product_p_id and prefix' },
);

export const requirementsShape = {
  items: z
    .array(requirementItem, { error: 'must be a list of requirements' })
    .max(requirementLimits.items, { error: `must list at most ${requirementLimits.items} requirements` }),
};

export interface RequirementsInput {
  items: { product_product_p_id: number; prefix: string }[];
}
