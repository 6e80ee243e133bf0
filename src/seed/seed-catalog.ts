import type { Prisma, Store } from '../generated/prisma/client.js';
import type { Db } from '../platform/database/database.js';
import type { MediaServices } from '../domain/media/media-services.js';
import { announceCatalogWrite, EVERY_STORE } from '../platform/database/catalog-writes.js';
import { ApiError } from '../platform/errors/api-error.js';
import { insertRows, insertRowsReturning } from './insert-rows.js';
import { planProduct, type PlanContext, type ProductPlan } from './plan-product.js';
import { createRandom, mixSeed } from './prng.js';
import { seedArtworkFiles } from './seed-artworks.js';
import { seedCategories } from './seed-categories.js';
import { seedCollections } from './seed-collections.js';
import { seedCustomData } from './seed-custom-data.js';
import { seedMerchandising, type MerchandisingCounts } from './seed-merchandising.js';
import { createSlugClaimer } from './slugs.js';
import { maxSeedProducts } from './seed-limits.js';

export interface SeedOptions {
  products: number;
  seed: number;
  /** Locales to translate into; defaults to the store's published locales other than the primary. */
  locales?: string[];
  /** Where the product pictures are stored and served from. */
  media: MediaServices;
  /** The seed run's clock: promotion windows are set around it. */
  now?: Date;
  /** Told once the categories are in place and after each chunk of products: a bulk seed takes minutes. */
  onProgress?: (progress: SeedProgress) => void;
  /** False leaves the planner statistics to the caller: one ANALYZE after seeding a thousand small stores, not one each. */
  analyze?: boolean;
}

export interface SeedProgress {
  /** Products written so far by this run. */
  products: number;
  /** Products this run writes in all. */
  total: number;
}

export interface SeedCounts extends MerchandisingCounts {
  collections: number;
  categories: number;
  products: number;
  variants: number;
  images: number;
  translations: number;
}

const chunkSize = 500;
/** The seeded catalog's "now": dates are spread over the 180 days before it, the same on every run. */
const catalogEpoch = new Date('2026-06-01T00:00:00Z');

type Tx = Prisma.TransactionClient;
type ImageKey = { id: number; productId: string; position: number };
const productRow = (p: ProductPlan) => p.product;
const optionRows = (p: ProductPlan) => p.options;
const imageRows = (p: ProductPlan) => p.images;

function checkOptions(options: SeedOptions): void {
  if (!Number.isInteger(options.products) || options.products < 0 || options.products > maxSeedProducts) {
    throw ApiError.invalidField('products', `must be a whole number from 0 to ${maxSeedProducts}`);
  }
  if (!Number.isSafeInteger(options.seed)) throw ApiError.invalidField('seed', 'must be a whole number');
}

async function storeLocales(db: Db, store: Store, requested: string[] | undefined) {
  const locales = await db.storeLocale.findMany({ where: { storeId: store.id }, orderBy: [{ isPrimary: 'desc' }, { position: 'asc' }] });
  const primary = locales[0]?.code ?? 'en';
  const others = requested ?? locales.filter((l) => l.published && !l.isPrimary).map((l) => l.code);
  return { primary, translations: [...new Set(others)].filter((code) => code !== primary) };
}

/** Writes one chunk; images go first and come back with their ids so variants can point at them. */
async function writeChunk(tx: Tx, plans: ProductPlan[]): Promise<Pick<SeedCounts, 'products' | 'variants' | 'images' | 'translations'>> {
  await insertRows(tx, 'Product', plans.map(productRow));
  await insertRows(tx, 'ProductOption', plans.flatMap(optionRows));
  const images = await insertRowsReturning<ImageKey>(tx, 'ProductImage', plans.flatMap(imageRows), ['id', 'productId', 'position']);
  const imageId = new Map(images.map((image) => [`${image.productId}/${image.position}`, image.id]));
  const variants = plans.flatMap((p) =>
    p.variants.map(({ row, imagePosition }) => ({
      ...row,
      imageId: imagePosition === null ? null : (imageId.get(`${row.productId}/${imagePosition}`) ?? null),
    })),
  );
  await insertRows(tx, 'Variant', variants);
  const translations = plans.flatMap((p) => p.translations);
  await insertRows(tx, 'Translation', translations);
  return { products: plans.length, variants: variants.length, images: images.length, translations: translations.length };
}

/**
 * Fills a store with a believable catalog, the same for the same seed. Products are numbered
 * after the store's existing ones, so running it again adds new products. Each chunk of
 * products is written in one transaction: a product is never left without its variants.
 */
export async function seedCatalog(db: Db, store: Store, options: SeedOptions): Promise<SeedCounts> {
  checkOptions(options);
  const locales = await storeLocales(db, store, options.locales);
  const categories = await seedCategories(db, store, locales.primary, locales.translations);
  const existingSlugs = await db.product.findMany({ where: { storeId: store.id }, select: { slug: true } });
  const ctx: PlanContext = {
    storeId: store.id,
    storeSlug: store.slug,
    primaryLocale: locales.primary,
    translationLocales: locales.translations,
    categories: categories.all.filter((c) => c.spec.nouns.length > 0),
    epoch: catalogEpoch,
    claimSlug: createSlugClaimer(existingSlugs.map((p) => p.slug)),
    artworks: options.products ? await seedArtworkFiles(db, options.media, store.id) : [],
  };

  const counts: SeedCounts = {
    categories: categories.created,
    products: 0,
    variants: 0,
    images: 0,
    translations: categories.translations,
    promotions: 0,
    discounts: 0,
    coupons: 0,
    collections: 0,
  };
  const firstIndex = existingSlugs.length;
  if (options.products) options.onProgress?.({ products: 0, total: options.products });
  try {
    for (let start = 0; start < options.products; start += chunkSize) {
      const plans: ProductPlan[] = [];
      for (let i = start; i < Math.min(start + chunkSize, options.products); i += 1) {
        const index = firstIndex + i;
        plans.push(planProduct(createRandom(mixSeed(options.seed, index)), index, ctx));
      }
      const written = await db.$transaction((tx) => writeChunk(tx, plans), { maxWait: 10_000, timeout: 120_000 });
      counts.products += written.products;
      counts.variants += written.variants;
      counts.images += written.images;
      counts.translations += written.translations;
      options.onProgress?.({ products: counts.products, total: options.products });
    }
    // Fresh planner statistics after a bulk load; the embedded engine has no autovacuum to gather them.
    if (counts.products && options.analyze !== false) await analyzeCatalog(db);
    if (counts.products) {
      Object.assign(counts, await seedMerchandising(db, store, { seed: options.seed, now: options.now ?? new Date(), artworks: ctx.artworks }));
      const collections = await seedCollections(db, store, { seed: options.seed, artworks: ctx.artworks, translationLocales: locales.translations });
      counts.collections = collections.collections;
      counts.translations += collections.translations;
      await seedCustomData(db, store);
    }
  } finally {
    // The products go in as raw SQL, which no client hook sees: cached catalogue answers are told here, once the chunks
    // written so far have committed, even when a later one failed.
    await announceCatalogWrite(db, EVERY_STORE, 'catalog');
  }
  return counts;
}

/** Fresh planner statistics of the catalogue's tables. */
export async function analyzeCatalog(db: { $executeRawUnsafe(query: string): Promise<number> }): Promise<void> {
  await db.$executeRawUnsafe('ANALYZE "Product", "Variant", "ProductImage", "Translation", "Category"');
}
