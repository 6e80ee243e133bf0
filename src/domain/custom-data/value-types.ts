import { parseAmount } from '../../platform/validation/money.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';

/**
 * The value types of metafields and of metaobject fields, and the one check of a value against
 * its type and validations. Metafield definitions and metaobject definitions both read it, so a
 * field typed `number` accepts the same values wherever it lives.
 */
export const scalarTypes = ['text', 'number', 'boolean', 'date', 'url', 'json', 'money', 'metaobject_reference', 'product_reference'] as const;
export type ScalarType = (typeof scalarTypes)[number];

/** Every scalar but `json` (already any JSON) has a list form, `list.{type}`: a JSON array of such values. */
export const valueTypes = [...scalarTypes, ...scalarTypes.filter((t) => t !== 'json').map((t) => `list.${t}` as const)] as const;
export type ValueType = (typeof valueTypes)[number];

export const valueLimits = { maxListItems: 100, maxUrlLength: 2048, maxChoices: 128, maxChoiceLength: 255, maxValidations: 10 } as const;

export interface Validation {
  name: string;
  value: unknown;
}

/** A reference a value names: resolved in one batch per write, after every value passed its own check. */
export type ValueReference = { kind: 'metaobject'; id: string; type: string | null } | { kind: 'product'; id: string };

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1_000_000;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: unknown): v is string => typeof v === 'string' && dayPattern.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const typePattern = /^[a-z][a-z0-9_]{0,63}$/;

/** Which validations each scalar type takes, and what each one's value must be. */
const validationRules: Record<ScalarType, Record<string, { valid: (v: unknown) => boolean; expects: string }>> = {
  text: {
    min_length: { valid: isWhole, expects: 'a whole number' },
    max_length: { valid: isWhole, expects: 'a whole number' },
    choices: {
      valid: (v) =>
        Array.isArray(v) &&
        v.length > 0 &&
        v.length <= valueLimits.maxChoices &&
        v.every((c) => typeof c === 'string' && c.length > 0 && c.length <= valueLimits.maxChoiceLength),
      expects: `a list of 1-${valueLimits.maxChoices} texts`,
    },
  },
  number: { min: { valid: isNumber, expects: 'a number' }, max: { valid: isNumber, expects: 'a number' }, integer: { valid: (v) => v === true, expects: 'true' } },
  boolean: {},
  date: { min: { valid: isDay, expects: 'a date such as 2026-01-31' }, max: { valid: isDay, expects: 'a date such as 2026-01-31' } },
  url: { max_length: { valid: isWhole, expects: 'a whole number' } },
  json: {},
  money: {},
  metaobject_reference: { metaobject_type: { valid: (v) => typeof v === 'string' && typePattern.test(v), expects: 'a metaobject type' } },
  product_reference: {},
};

const listValidations: Record<string, { valid: (v: unknown) => boolean; expects: string }> = { max_items: { valid: isWhole, expects: 'a whole number' } };

export function scalarOf(type: ValueType): ScalarType {
  return (type.startsWith('list.') ? type.slice(5) : type) as ScalarType;
}

/** What is wrong with a definition's validations for its type, or null; `path` names where (`validations.1.value`). */
export function validationsProblem(type: ValueType, validations: Validation[]): { path: string; message: string } | null {
  const rules = { ...validationRules[scalarOf(type)], ...(type.startsWith('list.') ? listValidations : {}) };
  const seen = new Set<string>();
  for (const [index, { name, value }] of validations.entries()) {
    const rule = rules[name];
    if (!rule) {
      const allowed = Object.keys(rules);
      return { path: `${index}.name`, message: allowed.length ? `must be one of ${allowed.join(', ')} for type ${type}` : `type ${type} takes no validations` };
    }
    if (seen.has(name)) return { path: `${index}.name`, message: `repeats ${name}` };
    seen.add(name);
    if (!rule.valid(value)) return { path: `${index}.value`, message: `must be ${rule.expects} for ${name}` };
  }
  return null;
}

const byName = (validations: Validation[]) => new Map(validations.map((v) => [v.name, v.value]));

/** The problem of one scalar value, or null; references it names are pushed on `references`. */
function scalarProblem(type: ScalarType, rules: Map<string, unknown>, value: unknown, references: ValueReference[]): string | null {
  switch (type) {
    case 'text': {
      if (typeof value !== 'string') return 'must be text';
      const min = rules.get('min_length') as number | undefined;
      const max = rules.get('max_length') as number | undefined;
      if (min !== undefined && value.length < min) return `must be at least ${min} characters`;
      if (max !== undefined && value.length > max) return `must be at most ${max} characters`;
      const choices = rules.get('choices') as string[] | undefined;
      if (choices && !choices.includes(value)) return `must be one of ${choices.join(', ')}`;
      return null;
    }
    case 'number': {
      if (!isNumber(value)) return 'must be a number';
      if (rules.get('integer') === true && !Number.isInteger(value)) return 'must be a whole number';
      const min = rules.get('min') as number | undefined;
      const max = rules.get('max') as number | undefined;
      if (min !== undefined && value < min) return `must be at least ${min}`;
      if (max !== undefined && value > max) return `must be at most ${max}`;
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'date': {
      if (!isDay(value)) return 'must be a date such as 2026-01-31';
      const min = rules.get('min') as string | undefined;
      const max = rules.get('max') as string | undefined;
      if (min !== undefined && value < min) return `must be on or after ${min}`;
      if (max !== undefined && value > max) return `must be on or before ${max}`;
      return null;
    }
    case 'url': {
      const max = (rules.get('max_length') as number | undefined) ?? valueLimits.maxUrlLength;
      if (typeof value !== 'string' || !URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) return 'must be an http or https URL';
      return value.length > max ? `must be at most ${max} characters` : null;
    }
    case 'json':
      return null;
    case 'money': {
      const money = value as { amount?: unknown; currency_code?: unknown } | null;
      const shape = money !== null && typeof money === 'object' && !Array.isArray(money) && Object.keys(money).every((k) => k === 'amount' || k === 'currency_code');
      if (!shape || typeof money.amount !== 'string' || typeof money.currency_code !== 'string' || !/^[A-Z]{3}$/.test(money.currency_code)) {
        return 'must be {"amount": "19.99", "currency_code": "USD"}';
      }
      const amount = parseAmount(money.amount);
      return amount.ok ? null : `amount ${amount.message}`;
    }
    case 'metaobject_reference':
    case 'product_reference': {
      if (typeof value !== 'string' || !uuidPattern.test(value)) return `must be the uuid of a ${type === 'product_reference' ? 'product' : 'metaobject'}`;
      const id = value.toLowerCase();
      references.push(type === 'product_reference' ? { kind: 'product', id } : { kind: 'metaobject', id, type: (rules.get('metaobject_type') as string | undefined) ?? null });
      return null;
    }
  }
}

/**
 * The problem of a value against its type and validations, or null. The references it names are
 * pushed on `references` for the caller to resolve; a value is only whole once they resolve.
 */
export function valueProblem(type: ValueType, validations: Validation[], value: unknown, references: ValueReference[]): string | null {
  const rules = byName(validations);
  if (!type.startsWith('list.')) return scalarProblem(type as ScalarType, rules, value, references);
  if (!Array.isArray(value)) return `must be a list (${type})`;
  const maxItems = Math.min((rules.get('max_items') as number | undefined) ?? valueLimits.maxListItems, valueLimits.maxListItems);
  if (value.length > maxItems) return `must hold at most ${maxItems} items`;
  for (const [index, item] of value.entries()) {
    const problem = scalarProblem(scalarOf(type), rules, item, references);
    if (problem) return `item ${index} ${problem}`;
  }
  return null;
}
