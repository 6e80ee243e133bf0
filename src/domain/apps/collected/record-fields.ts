import { z } from 'zod';
import { definitionLimits } from './definition-fields.js';

/** The body of POST /records: a collected definition's type and its field key to value map. */
export const recordShape = {
  type: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(definitionLimits.type),
  fields: z.record(z.string(), z.unknown(), { error: 'must be an object of field key to value' }),
};
