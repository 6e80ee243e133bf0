import type { MediaFile, Prisma, Store } from '../generated/prisma/client.js';
import type { MediaServices } from '../domain/media/media-services.js';
import { orderedRenditions } from '../domain/media/renditions.js';
import { saveImage } from '../domain/media/save-image.js';
import { createStore, type CreateStoreInput, type OperatorCtx } from '../domain/store/manage-stores.js';
import { renderBrandArt } from './placeholder-art.js';
import { seedCatalog } from './seed-catalog.js';
import { seedDemoApp } from './demo-app.js';
import { seedPosts } from './seed-posts.js';
import { seedReviews } from './seed-reviews.js';
import { seedTeam, seedTraffic } from './seed-team-traffic.js';

export const demoStoreSlug = 'demo';

const demoProfile = {
  slogan: 'Good things, made to last',
  shortDescription: 'A demo store with apparel, homeware, accessories and stationery, seeded for exploring the Bazaar APIs.',
  address: '500 Market Street, San Francisco, CA 94105',
  area: 'SoMa',
  supportPhone: '+1 415 555 0134',
  supportEmail: 'support@demo.bazaar.example',
  openTime: '08:00',
  closeTime: '22:00',
  // Open 08:00-22:00 UTC, yet a developer trying checkout at night should get an order, not store_closed.
  preorderEnabled: true,
  deliveryFee: '4.99',
  deliveryTime: '30-45 min',
  pickupEnabled: true,
  tags: ['apparel', 'home', 'accessories', 'stationery'],
  storefrontUrl: 'https://demo.bazaar.example',
  timezone: 'UTC',
  minOrderPrice: '10.00',
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

/** The demo's logo and banner, as files of its media library served by Bazaar. */
async function brandPictures(ctx: OperatorCtx, media: MediaServices, store: Store): Promise<Store> {
  const [logo, banner] = await Promise.all(
    (['logo', 'banner'] as const).map(async (kind) => {
      const art = await renderBrandArt(kind);
      const row = await saveImage(media, store.id, art.data, { filename: art.filename, alt: `${store.name} ${kind}` });
      return ctx.db.mediaFile.create({ data: row });
    }),
  );
  const url = (file: MediaFile) => orderedRenditions(file.sizes).original.url;
  return ctx.db.store.update({ where: { id: store.id }, data: { logoUrl: url(logo!), bannerUrl: url(banner!) } });
}

/** The store every fresh install can explore; created and seeded once, then left as it is. Its pictures are real files in `media`. */
export async function ensureDemoStore(ctx: OperatorCtx, media: MediaServices): Promise<{ store: Store; created: boolean }> {
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
    await seedCatalog(ctx.db, store, { products: 240, seed: 42, media });
    store = await brandPictures(ctx, media, store);
    await seedPosts(ctx.db, store, { media, now: ctx.now });
    await seedDemoApp(ctx, store);
    await seedReviews(ctx, store, media);
    await seedTeam(ctx, store);
    await seedTraffic(ctx, store, ctx.now);
  } catch (error) {
    // An empty demo store would be kept forever ("exists, leave it"), so a failed seed takes the store with it.
    await ctx.db.store.delete({ where: { id: store.id } });
    throw error;
  }
  return { store, created: true };
}
