import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import type { OwnerType } from './metafield-definition-fields.js';
import type { ValueType } from './value-types.js';

type FilterValue = string | number | boolean;

/** The JSON value a filter's text stands for under a definition's type, or why that type cannot be filtered on so. */
function filterValueOf(type: ValueType, text: string): { value: FilterValue } | { problem: string } {
  switch (type) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(text) && Number.isFinite(Number(text)) ? { value: Number(text) } : { problem: 'must be a number: this metafield is a number' };
    case 'boolean':
      return text === 'true' || text === 'false' ? { value: text === 'true' } : { problem: 'must be true or false: this metafield is a boolean' };
    case 'text':
    case 'date':
    case 'url':
      return { value: text };
    case 'metaobject_reference':
    case 'product_reference':
      return { value: text.toLowerCase() };
    default:
      return { problem: `cannot filter on a ${type} metafield; filters take text, number, boolean, date, url and reference metafields` };
  }
}

/**
 * Each metafield filter (`namespace.key` → text) as the value the owner's JSON must hold at that
 * key, typed by the key's definition: `12` matches the number 12 on a number metafield and the
 * text "12" on a text one. A key without a definition, or a text its type cannot hold, is a 422
 * naming the filter (`metafields[namespace.key]`).
 */
export async function typedMetafieldFilters(ctx: Ctx, ownerType: OwnerType, filters: [string, string][]): Promise<[string, FilterValue][]> {
  if (!filters.length) return [];
  const definitions = await ctx.db.metafieldDefinition.findMany({ where: { ownerType }, select: { namespace: true, key: true, type: true } });
  const typeOf = new Map(definitions.map((d) => [`${d.namespace}.${d.key}`, d.type as ValueType]));
  return filters.map(([fullKey, text]) => {
    const type = typeOf.get(fullKey);
    if (!type) throw ApiError.invalidField(`metafields[${fullKey}]`, `has no ${ownerType} metafield definition`);
    const typed = filterValueOf(type, text);
    if ('problem' in typed) throw ApiError.invalidField(`metafields[${fullKey}]`, typed.problem);
    return [fullKey, typed.value];
  });
}
