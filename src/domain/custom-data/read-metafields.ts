import type { Ctx } from '../context.js';
import type { OwnerType } from './metafield-definition-fields.js';
import type { ValueType } from './value-types.js';

/** One metafield of an owner as a reader sees it: where it lives, its definition's type and its value. */
export interface MetafieldValue {
  namespace: string;
  key: string;
  type: ValueType;
  value: unknown;
}

export interface MetafieldIdentifier {
  namespace: string;
  key: string;
}

/**
 * The metafields of one owner a reader may see, in the order asked: shoppers only those whose
 * definition for the owner type is storefront-visible, the merchant's keys every defined one. An
 * identifier with no such definition or no value answers null. The store's definitions are read
 * once per request (loaders), so a page of owners costs one statement however many ask.
 */
export async function readMetafields(
  ctx: Ctx,
  ownerType: OwnerType,
  values: unknown,
  identifiers: MetafieldIdentifier[],
  options: { shopper: boolean },
): Promise<(MetafieldValue | null)[]> {
  const stored = (values ?? {}) as Record<string, unknown>;
  if (!identifiers.some(({ namespace, key }) => stored[`${namespace}.${key}`] !== undefined)) return identifiers.map(() => null);
  const definitions = await ctx.loaders.metafieldDefinitions();
  return identifiers.map(({ namespace, key }) => {
    const value = stored[`${namespace}.${key}`];
    if (value === undefined || value === null) return null;
    const definition = definitions.find((d) => d.ownerType === ownerType && d.namespace === namespace && d.key === key);
    if (!definition || (options.shopper && !definition.storefrontVisible)) return null;
    return { namespace, key, type: definition.type as ValueType, value };
  });
}
