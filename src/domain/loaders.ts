import DataLoader from 'dataloader';
import type {
  Category,
  Collection,
  Prisma,
  CollectionProduct,
  MetafieldDefinition,
  Product,
  ProductImage,
  ProductOption,
  ProductRating,
  StoreLocale,
  Variant,
} from '../generated/prisma/client.js';
import type { StoreDb } from '../platform/database/store-scoped-client.js';
import type { CatalogSnapshot } from './catalog/catalog-snapshot.js';
import { revivedVariants, variantsOfProducts } from './catalog/product-relations-sql.js';
import { localeOrder, readStoreFacts } from './catalog/store-facts.js';
import { liveAutomaticOffers } from './discounts/live-offers.js';
import type { DiscountOffer } from './pricing/discounts.js';
import { priceProduct, type ProductPricing } from './pricing/product-pricing.js';
import { shopperPricing } from './pricing/shopper-pricing.js';

export interface TranslationKey {
  resourceType: string;
  resourceId: string;
  locale: string;
}

export type TranslatedFields = Record<string, string | null>;

function groupBy<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** The order a product's rows of each relation are read in, batched here or with its page's products (catalog/shown-rows.ts writes the same orders in SQL). */
export const relationOrder = {
  variants: [{ position: 'asc' }, { pId: 'asc' }],
  images: [{ position: 'asc' }, { id: 'asc' }],
  options: [{ position: 'asc' }, { name: 'asc' }],
  collections: [{ collection: { position: 'asc' } }, { collection: { pId: 'asc' } }],
} satisfies {
  variants: Prisma.VariantOrderByWithRelationInput[];
  images: Prisma.ProductImageOrderByWithRelationInput[];
  options: Prisma.ProductOptionOrderByWithRelationInput[];
  collections: Prisma.CollectionProductOrderByWithRelationInput[];
};

/**
 * Per-request batching shared by REST and GraphQL: a page of products costs one statement
 * per relation, whatever the page size, or none when its page's statement read them and primed these
 * loaders (catalog/shown-rows.ts). The store's client adds the store to every query. With a
 * catalogue snapshot (a catalogue read), the store's small reads are read once per token instead of
 * once per request: its locales and automatic discounts in one statement (or with its key) per facts
 * token, its categories and metafield definitions per catalogue version.
 */
export function createLoaders(db: StoreDb, now: Date, catalog?: CatalogSnapshot) {
  /** Read once per catalogue version with a snapshot, once per request without. */
  const perVersion = <T>(name: string, read: () => Promise<T>) => (catalog ? catalog.kept(name, read) : read());
  /** With a snapshot, the locales and automatic discounts come in one statement per facts token, or with the key (catalog/store-facts.ts). */
  const facts = catalog && (() => catalog.storeFacts(() => readStoreFacts(db, now)));

  /** One statement for the rows of a whole batch of products, handed back per product. */
  const perProduct = <Row extends { productId: string }>(fetch: (productIds: string[]) => Promise<Row[]>) =>
    new DataLoader<string, Row[]>(async (productIds) => {
      const groups = groupBy(await fetch([...productIds]), (r) => r.productId);
      return productIds.map((id) => groups.get(id) ?? []);
    });

  const variantsByProduct = perProduct<Variant>(async (productIds) => {
    const [row] = await db.$storeQuery(variantsOfProducts(productIds), { stockOf: productIds });
    return revivedVariants(row!.variants);
  });
  const imagesByProduct = perProduct<ProductImage>((productIds) =>
    db.productImage.findMany({ where: { productId: { in: productIds } }, orderBy: relationOrder.images }),
  );
  const optionsByProduct = perProduct<ProductOption>((productIds) =>
    db.productOption.findMany({ where: { productId: { in: productIds } }, orderBy: relationOrder.options }),
  );

  const collectionsByProduct = perProduct<CollectionProduct & { collection: Collection }>((productIds) =>
    db.collectionProduct.findMany({
      where: { productId: { in: productIds } },
      include: { collection: true },
      orderBy: relationOrder.collections,
    }),
  );

  const ratingByProduct = new DataLoader<string, ProductRating | null>(async (productIds) => {
    const rows = await db.productRating.findMany({ where: { productId: { in: [...productIds] } } });
    const byProduct = new Map(rows.map((r) => [r.productId, r]));
    return productIds.map((id) => byProduct.get(id) ?? null);
  });

  const categoryById = new DataLoader<string, Category | null>(async (ids) => {
    const rows = await db.category.findMany({ where: { id: { in: [...ids] } } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  });

  const translation = new DataLoader<TranslationKey, TranslatedFields | null, string>(
    async (keys) => {
      // Keys of one batch almost always share type and locale; group anyway so mixed batches stay correct.
      const groups = groupBy([...keys], (k) => `${k.resourceType}\u0000${k.locale}`);
      const found = new Map<string, TranslatedFields>();
      await Promise.all(
        [...groups.values()].map(async (group) => {
          const { resourceType, locale } = group[0]!;
          const rows = await db.translation.findMany({
            where: { resourceType, locale, resourceId: { in: group.map((k) => k.resourceId) } },
          });
          for (const row of rows) found.set(`${resourceType}\u0000${row.resourceId}\u0000${locale}`, row.fields as TranslatedFields);
        }),
      );
      return keys.map((k) => found.get(`${k.resourceType}\u0000${k.resourceId}\u0000${k.locale}`) ?? null);
    },
    { cacheKeyFn: (k) => `${k.resourceType}\u0000${k.resourceId}\u0000${k.locale}` },
  );

  // Keyed by product id: however many fields or faces ask, a product is priced once per request,
  // and its variants come from the batch above.
  const pricing = new DataLoader<Product, ProductPricing, string>(
    async (products) => {
      const variants = await variantsByProduct.loadMany(products.map((p) => p.id));
      return products.map((product, i) => {
        const rows = variants[i]!;
        return rows instanceof Error ? rows : priceProduct(product, rows);
      });
    },
    { cacheKeyFn: (product) => product.id },
  );

  let offers: Promise<DiscountOffer[]> | undefined;
  const liveOffers = () => (offers ??= (facts ? facts() : Promise.resolve(undefined)).then((known) => liveAutomaticOffers(db, now, known)));

  // The store's live discounts are read once per request (per catalogue version on a catalogue read), and only when a shopper price is asked.
  const shopperPricingLoader = new DataLoader<Product, ProductPricing, string>(
    async (products) => {
      const [base, storeOffers] = await Promise.all([pricing.loadMany(products), liveOffers()]);
      return products.map((product, i) => {
        const own = base[i]!;
        return own instanceof Error ? own : shopperPricing(own, product, storeOffers);
      });
    },
    { cacheKeyFn: (product) => product.id },
  );

  let visibleMetafields: Promise<Map<string, Set<string>>> | undefined;
  const storefrontMetafieldKeys = () =>
    (visibleMetafields ??= perVersion('storefront-metafield-keys', async () => {
      const rows = await db.metafieldDefinition.findMany({ where: { storefrontVisible: true }, select: { ownerType: true, namespace: true, key: true } });
      const byOwner = new Map<string, Set<string>>();
      for (const row of rows) {
        let keys = byOwner.get(row.ownerType);
        if (!keys) byOwner.set(row.ownerType, (keys = new Set()));
        keys.add(`${row.namespace}.${row.key}`);
      }
      return byOwner;
    }));

  let metafieldDefinitionRows: Promise<MetafieldDefinition[]> | undefined;

  let locales: Promise<StoreLocale[]> | undefined;
  let categories: Promise<Category[]> | undefined;

  return {
    variantsByProduct,
    imagesByProduct,
    optionsByProduct,
    /** The collections a product is in, with their membership rows. */
    collectionsByProduct,
    categoryById,
    /** A product's review tally (src/domain/reviews/rating-tally.ts); null until a review of it is approved. */
    ratingByProduct,
    translation,
    /** A product's price and stock by the one pricing rule (src/domain/pricing), before discounts: what the merchant reads. */
    pricing,
    /** The same with the store's live automatic discounts applied: what shoppers see. */
    shopperPricing: shopperPricingLoader,
    /** The store's live automatic discounts at the request's clock, read once (live-offers.ts). */
    liveOffers,
    /** The `namespace.key`s of storefront-visible metafield definitions, by owner type; read once per request (or version). */
    storefrontMetafieldKeys,
    /** Every metafield definition of the store; read once per request (or version), when a metafield field is asked. */
    metafieldDefinitions: () =>
      (metafieldDefinitionRows ??= perVersion('metafield-definitions', () => db.metafieldDefinition.findMany({ orderBy: { pId: 'asc' } }))),
    /** The store's locales, primary first; read once per request (or version). The rows are shared: never change them. */
    storeLocales: () => (locales ??= facts ? facts().then((known) => known.locales) : db.storeLocale.findMany({ orderBy: localeOrder })),
    /** The whole category tree of the store; small, read once per request (or version) when a filter needs it. Shared rows. */
    allCategories: () => (categories ??= perVersion('categories', () => db.category.findMany({ orderBy: [{ position: 'asc' }, { name: 'asc' }] }))),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
