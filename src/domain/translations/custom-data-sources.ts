import type { Metaobject } from '../../generated/prisma/client.js';
import type { MetaobjectField } from '../custom-data/metaobject-definition-fields.js';

export type MetaobjectWithDefinition = Metaobject & { definition: { fields: unknown } };
export interface MetafieldDefinitionKey {
  namespace: string;
  key: string;
}

/** An entry's `text` fields by field key (the ones localized-metaobject.ts replaces). */
export function metaobjectSource(entry: MetaobjectWithDefinition): Record<string, unknown> {
  const values = (entry.fields ?? {}) as Record<string, unknown>;
  const textKeys = (entry.definition.fields as MetaobjectField[]).filter((f) => f.type === 'text').map((f) => f.key);
  return Object.fromEntries(textKeys.map((key) => [key, values[key]]));
}

/** A product's values of storefront-visible `text` metafield definitions, by `namespace.key`. */
export function productMetafieldSource(metafields: unknown, definitions: MetafieldDefinitionKey[]): Record<string, unknown> {
  const values = (metafields ?? {}) as Record<string, unknown>;
  return Object.fromEntries(definitions.map((d) => `${d.namespace}.${d.key}`).map((key) => [key, values[key]]));
}
