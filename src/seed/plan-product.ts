import { randomUUID } from 'node:crypto';
import { derivedProductColumns } from '../domain/pricing/derived-columns.js';
import type { PricedVariant } from '../domain/pricing/product-pricing.js';
import { Prisma, type MediaFile } from '../generated/prisma/client.js';
import { orderedRenditions } from '../domain/media/renditions.js';
import type { CategorySpec } from './category-tree.js';
import { templateCounts } from './copy-templates.js';
import { formatCents } from './money.js';
import type { Random } from './prng.js';
import { primaryText, translatedText, type CopyChoice } from './render-copy.js';
import { storedTranslation } from '../domain/translations/digest.js';
import { slugify } from './slugs.js';
import { chooseOptions, colourCodes, combinations, sizePremiumCents, type OptionSpec } from './variant-options.js';

export interface SeedCategory {
  id: string;
  spec: CategorySpec;
}

export interface PlanContext {
  storeId: string;
  storeSlug: string;
  primaryLocale: string;
  translationLocales: string[];
  /** Leaf categories, the ones products go into. */
  categories: SeedCategory[];
  /** Fixed "now" of the seeded catalog, so the same seed gives the same dates on any day. */
  epoch: Date;
  claimSlug: (base: string) => string;
  /** The store's seed artworks (seed-artworks.ts): real files every product image shows one of. */
  artworks: MediaFile[];
}

export interface PlannedVariant {
  row: Omit<Prisma.VariantCreateManyInput, 'imageId'>;
  /** Position of the product image this variant shows, linked once images have their ids. */
  imagePosition: number | null;
}

export interface ProductPlan {
  product: Prisma.ProductCreateManyInput;
  options: Prisma.ProductOptionCreateManyInput[];
  images: Prisma.ProductImageCreateManyInput[];
  variants: PlannedVariant[];
  translations: Prisma.TranslationCreateManyInput[];
}

const day = 86_400_000;
/** Videos are not part of the media library; the seed's stay addresses on a host that does not exist. */
const videoHost = 'https://cdn.bazaar.example';

function chooseCopy(random: Random, categories: SeedCategory[]): { category: SeedCategory; copy: CopyChoice } {
  const category = random.pick(categories);
  const spec = category.spec;
  return {
    category,
    copy: {
      category: spec,
      noun: random.pick(spec.nouns),
      adjective: random.pick(spec.adjectives),
      material: random.pick(spec.materials),
      excerpt: random.int(0, templateCounts.excerpts - 1),
      opener: random.int(0, templateCounts.openers - 1),
      detail: random.int(0, templateCounts.details - 1),
      closer: random.int(0, templateCounts.closers - 1),
    },
  };
}

/** Shop-like prices: whole dollars ending in .00, .50, .95 or .99. */
function basePriceCents(random: Random, [min, max]: [number, number]): number {
  return random.int(min, max) * 100 + random.pick([0, 50, 95, 99]);
}

/** A "was" price sits 15–50% above the price, in whole dollars. */
function markupCents(random: Random, baseCents: number): number {
  return Math.max(1, Math.round((baseCents * random.int(15, 50)) / 10_000)) * 100;
}

/** Skewed towards small numbers, as sales and review counts are in a real catalog. */
function skewed(random: Random, max: number, power: number): number {
  return Math.floor(random.next() ** power * max);
}

function planImages(random: Random, ctx: PlanContext, productId: string, title: string, createdAt: Date): Prisma.ProductImageCreateManyInput[] {
  return Array.from({ length: random.int(1, 4) }, (_, position) => {
    // Two draws pick the artwork. They once drew a made-up width and height; drawing both keeps every
    // later draw, and so the rest of the catalogue, as it was.
    const pick = random.int(24, 40) * 17 + random.int(24, 40);
    const art = ctx.artworks[pick % ctx.artworks.length]!;
    return {
      storeId: ctx.storeId,
      productId,
      fileId: art.id,
      url: orderedRenditions(art.sizes).original.url,
      alt: position === 0 ? title : `${title}, view ${position + 1}`,
      width: art.width,
      height: art.height,
      position,
      isPrimary: position === 0,
      sizes: art.sizes as Prisma.InputJsonValue,
      createdAt,
    };
  });
}

interface VariantTerms {
  productId: string;
  sku: string;
  baseCents: number;
  markupCents: number;
  soldOut: boolean;
  trackInventory: boolean;
  imageCount: number;
  dates: { createdAt: Date; updatedAt: Date };
}

/** Variants for every combination of the options; each colour shows one of the product's images. */
function planVariants(random: Random, ctx: PlanContext, options: OptionSpec[], terms: VariantTerms): (PlannedVariant & { priced: PricedVariant })[] {
  const sizesPricedApart = random.chance(0.5);
  return combinations(options).map((combo, position) => {
    const priceCents = terms.baseCents + (sizesPricedApart ? sizePremiumCents(combo.values.Size, terms.baseCents) : 0);
    const priced: PricedVariant = {
      price: new Prisma.Decimal(formatCents(priceCents)),
      compareAtPrice: terms.markupCents ? new Prisma.Decimal(formatCents(priceCents + terms.markupCents)) : null,
      stock: terms.soldOut || random.chance(0.12) ? 0 : random.int(1, 40),
      trackInventory: terms.trackInventory,
      isActive: true,
      isBackorder: false,
    };
    return {
      priced,
      row: {
        id: randomUUID(),
        storeId: ctx.storeId,
        productId: terms.productId,
        sku: `${terms.sku}-${Object.values(combo.values)
          .map((v) => v.toUpperCase())
          .join('-')}`,
        title: combo.title,
        optionValues: combo.values,
        ...priced,
        position,
        ...terms.dates,
      },
      imagePosition: combo.colourIndex !== null && terms.imageCount > 1 ? combo.colourIndex % terms.imageCount : null,
    };
  });
}

/** One product with its options, variants, images and translations; `index` is its running number in the store. */
export function planProduct(random: Random, index: number, ctx: PlanContext): ProductPlan {
  const { category, copy } = chooseCopy(random, ctx.categories);
  const text = primaryText(ctx.primaryLocale, copy);
  const slug = ctx.claimSlug(slugify(text.title));
  const productId = randomUUID();
  const createdAt = new Date(ctx.epoch.getTime() - random.int(1, 180 * 86_400) * 1000);
  const updatedAt = new Date(Math.min(ctx.epoch.getTime(), createdAt.getTime() + random.int(0, 30) * day + random.int(0, 86_399) * 1000));
  const sku = `BZ-${String(index + 1).padStart(6, '0')}`;
  const baseCents = basePriceCents(random, copy.category.priceRange);
  const markup = random.chance(0.3) ? markupCents(random, baseCents) : 0;
  const soldOut = random.chance(0.1);
  const trackInventory = soldOut || !random.chance(0.04);
  const options = random.chance(0.45) ? chooseOptions(random, copy.category.optionKind) : [];
  const images = planImages(random, ctx, productId, text.title, createdAt);
  const variants = planVariants(random, ctx, options, {
    productId,
    sku,
    baseCents,
    markupCents: markup,
    soldOut,
    trackInventory,
    imageCount: images.length,
    dates: { createdAt, updatedAt },
  });

  const ownStock = variants.length || soldOut ? 0 : random.int(1, 120);
  const price = new Prisma.Decimal(formatCents(baseCents));
  const compareAtPrice = markup ? price.plus(formatCents(markup)) : null;
  const derived = derivedProductColumns(
    { price, compareAtPrice, trackInventory, stock: ownStock },
    variants.map((v) => v.priced),
  );
  const hasVideo = random.chance(0.1);

  return {
    product: {
      id: productId,
      storeId: ctx.storeId,
      categoryId: category.id,
      slug,
      title: text.title,
      excerpt: text.excerpt,
      description: text.description,
      price,
      compareAtPrice,
      ...derived,
      sku,
      trackInventory,
      videoUrl: hasVideo ? `${videoHost}/${ctx.storeSlug}/products/${slug}.mp4` : null,
      videoPosterUrl: hasVideo ? orderedRenditions(images[0]!.sizes).view.url : null,
      featured: random.chance(0.08),
      salesCount: skewed(random, 5000, 3),
      createdAt,
      updatedAt,
    },
    options: options.map((option, position) => ({
      id: randomUUID(),
      storeId: ctx.storeId,
      productId,
      name: option.name,
      position,
      values: option.values,
      colorCodes: option.name === 'Colour' ? Object.fromEntries(option.values.map((v) => [v, colourCodes[v]!])) : {},
    })),
    images,
    variants: variants.map(({ row, imagePosition }) => ({ row, imagePosition })),
    translations: ctx.translationLocales.map((locale) => ({
      id: randomUUID(),
      storeId: ctx.storeId,
      resourceType: 'product',
      resourceId: productId,
      locale,
      ...storedTranslation({ ...text }, { ...translatedText(locale, copy) }),
      updatedAt,
    })),
  };
}
