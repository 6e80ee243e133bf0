import type { Prisma, Store } from '../generated/prisma/client.js';
import { createStore, type CreateStoreInput, type OperatorCtx } from '../domain/store/manage-stores.js';
import { seedCatalog } from './seed-catalog.js';

export const demoStoreSlug = 'demo';

const demoProfile = {
  slogan: 'Good things, made to last',
  shortDescription: 'A demo store with apparel, homeware, accessories and stationery, seeded for exploring the Bazaar APIs.',
  logoUrl: 'https://cdn.bazaar.example/demo/brand/logo.png',
  bannerUrl: 'https://cdn.bazaar.example/demo/brand/banner.jpg',
  address: '500 Market Street, San Francisco, CA 94105',
  area: 'SoMa',
  supportPhone: '+1 415 555 0134',
  supportEmail: 'support@demo.bazaar.example',
  openTime: '08:00',
  closeTime: '22:00',
  deliveryFee: '4.99',
  deliveryTime: '30-45 min',
  pickupEnabled: true,
  tags: ['apparel', 'home', 'accessories', 'stationery'],
  storefrontUrl: 'https://demo.bazaar.example',
  timezone: 'UTC',
  minOrderPrice: '10.00',
  rating: '4.60',
  ratingCount: 128,
} satisfies Partial<Prisma.StoreCreateManyInput>;

const demoStoreInput = {
  name: 'Bazaar Demo Store',
  slug: demoStoreSlug,
  currency: 'USD',
  country: 'US',
  locales: ['en', 'fr'],
  dev: false,
  plan: 'active',
  profile: demoProfile,
} satisfies CreateStoreInput;

/** The store every fresh install can explore; created and seeded once, then left as it is. */
export async function ensureDemoStore(ctx: OperatorCtx): Promise<{ store: Store; created: boolean }> {
  const existing = await ctx.db.store.findUnique({ where: { slug: demoStoreSlug } });
  if (existing) return { store: existing, created: false };
  let store: Store;
  try {
    store = await createStore(ctx, demoStoreInput);
  } catch (error) {
    // Two first starts on one PostgreSQL race here; the one that loses takes the winner's store.
    const winner = await ctx.db.store.findUnique({ where: { slug: demoStoreSlug } });
    if (winner) return { store: winner, created: false };
    throw error;
  }
  try {
    await seedCatalog(ctx.db, store, { products: 240, seed: 42 });
  } catch (error) {
    // An empty demo store would be kept forever ("exists, leave it"), so a failed seed takes the store with it.
    await ctx.db.store.delete({ where: { id: store.id } });
    throw error;
  }
  return { store, created: true };
}
