import type { FieldErrors } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import type { OwnerType } from './metafield-definition-fields.js';
import { namespaceRefusal, splitKey } from './namespaces.js';
import { checkTypedValues, type TypedValue } from './typed-values.js';
import type { Validation, ValueType } from './value-types.js';

/**
 * Checks an owner's metafields (`namespace.key` → value) against the store's definitions for its
 * owner type: every key must be defined, writable by the caller (never `bazaar.*`; `app.*` only by
 * the app's own installation) and hold a value of its type that passes its validations. Each
 * failure is named `{field}.{namespace}.{key}` (typed-values.ts has the codes). Product writes
 * call it with `product`; order writes call it with `order`.
 */
export async function checkMetafieldValues(ctx: Ctx, ownerType: OwnerType, values: Record<string, unknown>, field = 'metafields'): Promise<void> {
  const keys = Object.keys(values);
  if (!keys.length) return;
  const definitions = await ctx.db.metafieldDefinition.findMany({ where: { ownerType } });
  const byKey = new Map(definitions.map((d) => [`${d.namespace}.${d.key}`, d]));
  const problems: FieldErrors = {};
  const typed: TypedValue[] = [];
  for (const fullKey of keys) {
    const path = `${field}.${fullKey}`;
    const parts = splitKey(fullKey);
    const refusal = parts && namespaceRefusal(ctx.principal, parts.namespace);
    const definition = byKey.get(fullKey);
    if (refusal) problems[path] = [refusal];
    else if (!definition) problems[path] = [`has no metafield definition for ${ownerType}s; define it first (POST /metafield-definitions)`];
    else typed.push({ path, type: definition.type as ValueType, validations: definition.validations as unknown as Validation[], value: values[fullKey] });
  }
  await checkTypedValues(ctx, typed, problems);
}

/**
 * The map a metafields write leaves: the values sent, plus the current values under namespaces
 * the caller may not write (an app's, when the merchant writes; the merchant's and other apps'
 * stay too when an app writes only its own). A write thus replaces only what its caller owns.
 */
export function mergeMetafields(ctx: Pick<Ctx, 'principal'>, current: Record<string, unknown>, sent: Record<string, unknown>): Record<string, unknown> {
  const kept = Object.entries(current).filter(([fullKey]) => {
    const parts = splitKey(fullKey);
    return parts !== null && namespaceRefusal(ctx.principal, parts.namespace) !== null;
  });
  return { ...Object.fromEntries(kept), ...sent };
}
