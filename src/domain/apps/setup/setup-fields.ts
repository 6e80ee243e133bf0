import { z } from 'zod';
import { flexBoolean, nullableText, requiredText } from '../../../platform/validation/body-fields.js';
import { hasNoNul } from '../../../platform/validation/text-rules.js';

// The body of PUT /app/setup (every name is one word, so the wire and the domain agree).

export const setupLimits = { items: 50, status: 64, key: 64, label: 120, value: 2000, instructions: 1000 } as const;

/** A value that reads as an address: a scheme followed by `//`, or a bare `www.` host. */
const looksLikeUrl = (value: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^www\./i.test(value);

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

const itemValue = z
  .string({ error: 'must be text or null' })
  .max(setupLimits.value, { error: `must be at most ${setupLimits.value} characters` })
  .refine(hasNoNul, { error: 'must not contain NUL characters' })
  .refine((v) => !looksLikeUrl(v.trim()) || isHttpsUrl(v.trim()), { error: 'must be an https URL (https://…): a URL-like value is accepted over https only' })
  .nullable();

export const setupItem = z.strictObject(
  {
    key: z
      .string({ error: 'is required' })
      .regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, { error: `must be 1-${setupLimits.key} lower-case letters, digits, "_", "." or "-"` }),
    label: requiredText(setupLimits.label),
    value: itemValue.default(null),
    sensitive: flexBoolean.default(false),
    copyable: flexBoolean.default(false),
    instructions: nullableText(setupLimits.instructions).default(null),
  },
  { error: 'must be an object of key, label, value, sensitive, copyable and instructions' },
);

export type SetupItem = z.output<typeof setupItem>;

export const setupShape = {
  status: requiredText(setupLimits.status),
  items: z
    .array(setupItem, { error: 'must be a list of items' })
    .max(setupLimits.items, { error: `must list at most ${setupLimits.items} items` })
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: `repeats the key ${item.key}` });
        seen.add(item.key);
      });
    }),
};

export interface SetupInput {
  status: string;
  items: SetupItem[];
}
