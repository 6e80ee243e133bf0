import { ApiError } from '../../../platform/errors/api-error.js';

/** A product option as the variant rules read it. */
export interface OptionList {
  name: string;
  values: string[];
}

type OptionValues = Record<string, string>;

/**
 * Why a variant's option values do not fit the product's options, or null when they do: every
 * option named once, each value among its option's values, no other key.
 */
export function optionValuesMismatch(options: OptionList[], values: OptionValues): string | null {
  const byName = new Map(options.map((o) => [o.name, o]));
  const extra = Object.keys(values).find((name) => !byName.has(name));
  if (extra !== undefined) {
    return options.length
      ? `names "${extra}", which is not an option of the product (options: ${options.map((o) => o.name).join(', ')})`
      : `names "${extra}", but the product has no options: define them in options first`;
  }
  for (const option of options) {
    const value = values[option.name];
    if (value === undefined) return `must give a value for the option "${option.name}"`;
    if (!option.values.includes(value)) return `"${value}" is not a value of the option "${option.name}" (values: ${option.values.join(', ')})`;
  }
  return null;
}

/** One text per combination of option values, in the options' order: equal combinations, equal keys. */
export function combinationKey(options: OptionList[], values: OptionValues): string {
  return JSON.stringify(options.map((o) => values[o.name] ?? null));
}

/** A variant without a title of its own is called by its option values ("Red / M"). */
export function defaultVariantTitle(options: OptionList[], values: OptionValues): string {
  return options.map((o) => values[o.name]).join(' / ') || 'Default';
}

/** The option values keyed in the options' order, as they are stored. */
export function orderedOptionValues(options: OptionList[], values: OptionValues): OptionValues {
  return Object.fromEntries(options.map((o) => [o.name, values[o.name]!]));
}

/**
 * Checks a set of variants against the options: each fits, and no two share a combination.
 * Failures name the wire-independent field, `variants.N.optionValues` (or `field(N)` when given).
 */
export function checkVariantCombinations(
  options: OptionList[],
  variants: { optionValues: OptionValues }[],
  field: (index: number) => string = (index) => `variants.${index}.optionValues`,
): void {
  const seen = new Map<string, number>();
  variants.forEach((variant, index) => {
    const mismatch = optionValuesMismatch(options, variant.optionValues);
    if (mismatch) throw ApiError.invalidField(field(index), mismatch);
    const key = combinationKey(options, variant.optionValues);
    const first = seen.get(key);
    if (first !== undefined) throw ApiError.invalidField(field(index), `repeats the option values of variants.${first}`);
    seen.set(key, index);
  });
}
