import { z } from 'zod';
import { moneyInput } from '../../platform/validation/money.js';
import { requiredText, wholeNumber } from '../../platform/validation/body-fields.js';

// The smart-collection rule language. Each rule is a strict object with a `kind`; the collection
// matches a product when all (or any) of its rules do. The database evaluates them (smart-where.ts).

export const maxRulesPerCollection = 20;

const priceRange = z
  .strictObject({ kind: z.literal('price_range'), min: moneyInput.optional(), max: moneyInput.optional() })
  .refine((r) => r.min !== undefined || r.max !== undefined, { error: 'needs min, max or both' })
  .refine((r) => r.min === undefined || r.max === undefined || r.min.lte(r.max), { error: 'min must not be above max', path: ['max'] });

const rule = z.discriminatedUnion(
  'kind',
  [
    priceRange,
    z.strictObject({
      kind: z.literal('category'),
      category_id: z.union([z.string(), z.int()], { error: 'must be a uuid or an integer id' }).transform(String),
    }),
    z.strictObject({ kind: z.literal('in_stock'), value: z.literal(true, { error: 'must be true' }) }),
    z.strictObject({ kind: z.literal('option_value'), option: requiredText(100), value: requiredText(100) }),
    z.strictObject({ kind: z.literal('title_contains'), text: requiredText(100) }),
    z.strictObject({ kind: z.literal('created_within_days'), days: wholeNumber(1, 3650) }),
    z.strictObject({ kind: z.literal('discount_applies') }),
  ],
  { error: 'kind must be price_range, category, in_stock, option_value, title_contains, created_within_days or discount_applies' },
);

export const smartRulesInput = z.strictObject(
  {
    match: z.enum(['all', 'any'], { error: 'must be all or any' }),
    rules: z
      .array(rule, { error: 'must be a list of rules' })
      .min(1, { error: 'must hold at least one rule' })
      .max(maxRulesPerCollection, { error: `must hold at most ${maxRulesPerCollection} rules` }),
  },
  { error: 'must be an object {match, rules}' },
);

export type SmartRulesInput = z.output<typeof smartRulesInput>;
export type SmartRule = SmartRulesInput['rules'][number];

/** Rules as stored (`Collection.rules`): money as decimal strings, categories as uuids. */
export interface StoredRules {
  match: 'all' | 'any';
  rules: StoredRule[];
}
export type StoredRule =
  | { kind: 'price_range'; min?: string; max?: string }
  | { kind: 'category'; category_id: string }
  | { kind: 'in_stock'; value: true }
  | { kind: 'option_value'; option: string; value: string }
  | { kind: 'title_contains'; text: string }
  | { kind: 'created_within_days'; days: number }
  | { kind: 'discount_applies' };
