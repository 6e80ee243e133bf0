import { STORE, storeSql } from '../../platform/database/store-statements.js';
import type { Ctx } from '../context.js';
import type { OwnerType } from './metafield-definition-fields.js';

/**
 * The metafields shoppers may read: the values whose definition for the owner type is
 * storefront-visible. The store's visible definitions are read once per request, and only when
 * an owner has any metafield at all.
 */
export async function storefrontMetafields(ctx: Ctx, ownerType: OwnerType, values: unknown): Promise<Record<string, unknown>> {
  const entries = Object.entries((values ?? {}) as Record<string, unknown>);
  if (!entries.length) return {};
  const visible = await ctx.loaders.storefrontMetafieldKeys();
  const keys = visible.get(ownerType);
  return Object.fromEntries(entries.filter(([fullKey]) => keys?.has(fullKey)));
}

/** `visible`: the `namespace.key`s of the store's storefront-visible product metafield definitions, as a table of one row (`keys`). */
export const storefrontMetafieldKeysSql = storeSql`
  visible AS MATERIALIZED (
    SELECT coalesce(array_agg(namespace || '.' || key), '{}') AS keys
    FROM "MetafieldDefinition" WHERE "storeId" = ${STORE} AND "storefrontVisible" AND "ownerType" = 'product'
  )`;
