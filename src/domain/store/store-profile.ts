import type { Store, StoreLocale } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';

/** The calling store with all its locales, published or not: what its own systems see of it. */
export async function getStoreProfile(ctx: Ctx): Promise<{ store: Store; locales: StoreLocale[] }> {
  return { store: ctx.store, locales: await ctx.loaders.storeLocales() };
}
