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
