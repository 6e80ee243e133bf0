import { z } from 'zod';
import { isTopic, webhookTopics } from './topics.js';

// The fields of a webhook subscription write, named as the domain names them; REST wires them
// under snake_case names and GraphQL passes them as they are.

export const subscriptionLimits = {
  fields: 50,
  /** A rotation's overlap: the previous secret keeps signing this long (default a day, at most a week). */
  defaultOverlapSeconds: 86_400,
  maxOverlapSeconds: 604_800,
} as const;

const topic = z.string({ error: 'is required' }).refine(isTopic, { error: `must be one of the topics Bazaar records: ${webhookTopics.join(', ')}` });

const address = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' });

/** Top-level payload fields to send (`id`, `status`, …); absent or empty: the whole object. */
const fields = z
  .array(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { error: 'must be a top-level field name of the payload, such as id or status' }), {
    error: 'must be a list of field names',
  })
  .max(subscriptionLimits.fields, { error: `must list at most ${subscriptionLimits.fields} fields` })
  .transform((names) => [...new Set(names)]);

export const subscriptionCreateShape = { topic, address, fields: fields.optional() };

export const subscriptionChangeShape = {
  address: address.optional(),
  fields: fields.optional(),
  /** `active` turns a disabled subscription back on (its failure count starts again); an ended one cannot. */
  status: z.enum(['active'], { error: 'can only be set to active' }).optional(),
};

export const rotateShape = {
  overlapSeconds: z
    .int({ error: 'must be a whole number of seconds' })
    .min(0, { error: 'must be at least 0' })
    .max(subscriptionLimits.maxOverlapSeconds, { error: `must be at most ${subscriptionLimits.maxOverlapSeconds} (a week)` })
    .optional(),
};

export type SubscriptionCreateInput = z.output<z.ZodObject<typeof subscriptionCreateShape>>;
export type SubscriptionChangeInput = z.output<z.ZodObject<typeof subscriptionChangeShape>>;
export type RotateInput = z.output<z.ZodObject<typeof rotateShape>>;
