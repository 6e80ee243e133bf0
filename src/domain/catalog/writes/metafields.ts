import { jsonObject } from '../../../platform/validation/body-fields.js';

/** Namespaces no write through the API may use: apps own `app.*`, Bazaar itself owns `bazaar.*`. */
export const APP_NAMESPACE = 'app';
export const PLATFORM_NAMESPACE = 'bazaar';

export const metafieldLimits = { maxKeys: 100, maxBytes: 65_536, maxKeyLength: 128 } as const;

const namespacedKey = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$/;

/** Why a key may not be written, or null when it may. */
function refusalOf(key: string): string | null {
  if (key.length > metafieldLimits.maxKeyLength || !namespacedKey.test(key)) {
    return `key "${key}" must be namespace.key: letters, digits, "_" or "-" in each part, at most ${metafieldLimits.maxKeyLength} characters`;
  }
  const namespace = key.slice(0, key.indexOf('.'));
  // An app's key writes only under its own app.{slug}. namespace; no API key belongs to an app yet, so no caller may.
  if (namespace === APP_NAMESPACE) return `key "${key}" is in the app-owned namespace ${APP_NAMESPACE}.*, which only an installed app's own key may write`;
  if (namespace === PLATFORM_NAMESPACE) return `key "${key}" is in the namespace ${PLATFORM_NAMESPACE}.*, which is reserved for the platform`;
  return null;
}

/**
 * A product's metafields: a map of namespaced keys (`namespace.key`) to JSON values, stored as
 * given. Every failure names the offending key, on the `metafields` field.
 */
export const metafieldsInput = jsonObject(metafieldLimits).superRefine((value, ctx) => {
  for (const key of Object.keys(value)) {
    const refusal = refusalOf(key);
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
  }
});
