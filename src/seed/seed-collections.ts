import { randomUUID } from 'node:crypto';
import type { MediaFile, Prisma, Store } from '../generated/prisma/client.js';
import type { StoredRules } from '../domain/collections/rule-language.js';
import { storedTranslation } from '../domain/translations/digest.js';
import type { Db } from '../platform/database/database.js';
import { createRandom, mixSeed } from './prng.js';

interface CollectionPlan {
  slug: string;
  name: string;
  description: string;
  /** The French name and description, written as the collection's `fr` translation. */
  fr: { name: string; description: string };
  parent?: string;
  featured?: boolean;
  /** Manual: how many products, picked by the seed; smart: the rules. */
  manual?: { products: number; pinned: number };
  rules?: StoredRules;
}

/** A tree of manual and smart collections that shows off the rule language and the default order. */
const plans: CollectionPlan[] = [
  {
    slug: 'featured',
    name: 'Featured',
    description: 'Hand-picked by the shop, in the shop’s own order.',
    fr: { name: 'À la une', description: 'Choisis par la boutique, dans son propre ordre.' },
    featured: true,
    manual: { products: 60, pinned: 3 },
  },
  {
    slug: 'staff-picks',
    name: 'Staff Picks',
    description: 'What the team reaches for first.',
    fr: { name: 'Coups de cœur', description: 'Ce que l’équipe choisit en premier.' },
    parent: 'featured',
    manual: { products: 12, pinned: 1 },
  },
  {
    slug: 'deals',
    name: 'Deals',
    description: 'Everything a live discount lowers right now.',
    fr: { name: 'Bonnes affaires', description: 'Tout ce qu’une remise en cours fait baisser.' },
    featured: true,
    rules: { match: 'all', rules: [{ kind: 'discount_applies' }] },
  },
  {
    slug: 'under-25',
    name: 'Under $25',
    description: 'Small treats, in stock.',
    fr: { name: 'Moins de 25 $', description: 'De petits plaisirs, en stock.' },
    parent: 'deals',
    rules: {
      match: 'all',
      rules: [
        { kind: 'price_range', max: '25.00' },
        { kind: 'in_stock', value: true },
      ],
    },
  },
  {
    slug: 'new-this-month',
    name: 'New This Month',
    description: 'Added in the last 30 days.',
    fr: { name: 'Nouveautés du mois', description: 'Ajoutés ces 30 derniers jours.' },
    rules: { match: 'all', rules: [{ kind: 'created_within_days', days: 30 }] },
  },
  {
    slug: 'blue-or-navy',
    name: 'Blue & Navy',
    description: 'Every product that comes in blue or navy.',
    fr: { name: 'Bleu et marine', description: 'Tous les produits déclinés en bleu ou en marine.' },
    rules: {
      match: 'any',
      rules: [
        { kind: 'option_value', option: 'Colour', value: 'Blue' },
        { kind: 'option_value', option: 'Colour', value: 'Navy' },
      ],
    },
  },
];

const rendition = (file: MediaFile | undefined) => (file ? ((file.sizes as Record<string, { url: string }>).card?.url ?? null) : null);

/**
 * Nested manual and smart collections, the manual ones filled and pinned by the seed. A store that
 * has collections already is left as it is: seeding again adds products, not collections.
 */
export async function seedCollections(
  db: Db,
  store: Store,
  input: { seed: number; artworks: MediaFile[]; translationLocales: string[] },
): Promise<{ collections: number; translations: number }> {
  if (await db.collection.findFirst({ where: { storeId: store.id }, select: { id: true } })) return { collections: 0, translations: 0 };
  const random = createRandom(mixSeed(input.seed, 0xc011));
  const products = await db.product.findMany({ where: { storeId: store.id, deletedAt: null, published: true }, orderBy: { pId: 'asc' }, select: { id: true } });
  const ids = new Map(plans.map((plan) => [plan.slug, randomUUID()]));
  const collections: Prisma.CollectionCreateManyInput[] = plans.map((plan, position) => ({
    id: ids.get(plan.slug)!,
    storeId: store.id,
    slug: plan.slug,
    name: plan.name,
    description: plan.description,
    parentId: plan.parent ? ids.get(plan.parent)! : null,
    featured: plan.featured ?? false,
    mode: plan.manual ? 'manual' : 'smart',
    rules: (plan.rules as unknown as Prisma.InputJsonValue) ?? undefined,
    imageUrl: rendition(input.artworks[(position * 7) % Math.max(1, input.artworks.length)]),
    position,
  }));
  const members: Prisma.CollectionProductCreateManyInput[] = plans.flatMap((plan) => {
    if (!plan.manual) return [];
    return random.sample(products, Math.min(plan.manual.products, products.length)).map((product, position) => ({
      storeId: store.id,
      collectionId: ids.get(plan.slug)!,
      productId: product.id,
      position,
      pinnedAt: position < plan.manual!.pinned ? position : null,
    }));
  });
  // French translations in each French locale of the store, stored as PUT /translations stores them.
  const french = input.translationLocales.filter((locale) => locale.split('-')[0]!.toLowerCase() === 'fr');
  const translations: Prisma.TranslationCreateManyInput[] = plans.flatMap((plan) =>
    french.map((locale) => ({
      storeId: store.id,
      resourceType: 'collection',
      resourceId: ids.get(plan.slug)!,
      locale,
      ...storedTranslation({ name: plan.name, description: plan.description }, plan.fr),
    })),
  );
  await db.$transaction([
    db.collection.createMany({ data: collections }),
    db.collectionProduct.createMany({ data: members }),
    db.translation.createMany({ data: translations }),
  ]);
  return { collections: collections.length, translations: translations.length };
}
