import { jsonObject } from '../../../platform/validation/body-fields.js';

export const metafieldLimits = { maxKeys: 100, maxBytes: 65_536, maxKeyLength: 128 } as const;

const namespacedKey = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$/;

/** Why a key may not be written, or null when it may. */
function refusalOf(key: string): string | null {
  if (key.length > metafieldLimits.maxKeyLength || !namespacedKey.test(key)) {
    return `key "${key}" must be namespace.key: letters, digits, "_" or "-" in each part, at most ${metafieldLimits.maxKeyLength} characters`;
  }
  return null;
}

/**
 * A product's or variant's metafields: a map of namespaced keys (`namespace.key`) to JSON values. This checks
 * the map's form, naming the offending key on the `metafields` field; who may write which key and
 * what each value must be are checked against the definitions (src/domain/custom-data/metafield-values.ts).
 */
export const metafieldsInput = jsonObject(metafieldLimits).superRefine((value, ctx) => {
  for (const key of Object.keys(value)) {
    const refusal = refusalOf(key);
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
  }
});
