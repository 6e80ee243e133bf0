import { randomUUID } from 'node:crypto';
import type { MediaFile, Prisma, Store } from '../generated/prisma/client.js';
import type { StoredRules } from '../domain/collections/rule-language.js';
import type { Db } from '../platform/database/database.js';
import { createRandom, mixSeed } from './prng.js';

interface CollectionPlan {
  slug: string;
  name: string;
  description: string;
  parent?: string;
  featured?: boolean;
  /** Manual: how many products, picked by the seed; smart: the rules. */
  manual?: { products: number; pinned: number };
  rules?: StoredRules;
}

/** A tree of manual and smart collections that shows off the rule language and the default order. */
const plans: CollectionPlan[] = [
  { slug: 'featured', name: 'Featured', description: 'Hand-picked by the shop, in the shop’s own order.', featured: true, manual: { products: 60, pinned: 3 } },
  { slug: 'staff-picks', name: 'Staff Picks', description: 'What the team reaches for first.', parent: 'featured', manual: { products: 12, pinned: 1 } },
  {
    slug: 'deals',
    name: 'Deals',
    description: 'Everything a live discount lowers right now.',
    featured: true,
    rules: { match: 'all', rules: [{ kind: 'discount_applies' }] },
  },
  {
    slug: 'under-25',
    name: 'Under $25',
    description: 'Small treats, in stock.',
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
    rules: { match: 'all', rules: [{ kind: 'created_within_days', days: 30 }] },
  },
  {
    slug: 'blue-or-navy',
    name: 'Blue & Navy',
    description: 'Every product that comes in blue or navy.',
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
export async function seedCollections(db: Db, store: Store, input: { seed: number; artworks: MediaFile[] }): Promise<number> {
  if (await db.collection.findFirst({ where: { storeId: store.id }, select: { id: true } })) return 0;
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
  await db.$transaction([db.collection.createMany({ data: collections }), db.collectionProduct.createMany({ data: members })]);
  return collections.length;
}
