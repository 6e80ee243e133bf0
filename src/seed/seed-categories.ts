import { randomUUID } from 'node:crypto';
import type { Store } from '../generated/prisma/client.js';
import { storedTranslation } from '../domain/translations/digest.js';
import type { Db } from '../platform/database/database.js';
import { categoryTree } from './category-tree.js';
import type { SeedCategory } from './plan-product.js';
import { primaryCategoryName, translatedCategoryName } from './render-copy.js';

export interface SeededCategories {
  /** Every category of the tree, existing or new. */
  all: SeedCategory[];
  created: number;
  translations: number;
}

/**
 * Makes sure the store has the seed category tree. Categories found by slug are reused, so
 * seeding a store twice adds products, not a second tree.
 */
export async function seedCategories(db: Db, store: Store, primaryLocale: string, translationLocales: string[]): Promise<SeededCategories> {
  const existing = await db.category.findMany({
    where: { storeId: store.id, slug: { in: categoryTree.map((c) => c.slug) } },
    select: { id: true, slug: true },
  });
  const idBySlug = new Map(existing.map((c) => [c.slug, c.id]));
  const missing = categoryTree.filter((spec) => !idBySlug.has(spec.slug));
  for (const spec of missing) idBySlug.set(spec.slug, randomUUID());

  const siblingsBefore = (index: number) => categoryTree.slice(0, index).filter((c) => c.parentSlug === categoryTree[index]!.parentSlug).length;
  const rows = missing.map((spec) => ({
    id: idBySlug.get(spec.slug)!,
    storeId: store.id,
    parentId: spec.parentSlug ? idBySlug.get(spec.parentSlug)! : null,
    slug: spec.slug,
    name: primaryCategoryName(primaryLocale, spec),
    position: siblingsBefore(categoryTree.indexOf(spec)),
  }));
  // Parents first: a child row's foreign key needs its parent in place.
  await db.$transaction([db.category.createMany({ data: rows.filter((r) => !r.parentId) }), db.category.createMany({ data: rows.filter((r) => r.parentId) })]);

  const translations = await db.translation.createMany({
    data: categoryTree.flatMap((spec) =>
      translationLocales.map((locale) => ({
        storeId: store.id,
        resourceType: 'category',
        resourceId: idBySlug.get(spec.slug)!,
        locale,
        ...storedTranslation({ name: primaryCategoryName(primaryLocale, spec) }, { name: translatedCategoryName(locale, spec) }),
      })),
    ),
    skipDuplicates: true,
  });

  return {
    all: categoryTree.map((spec) => ({ id: idBySlug.get(spec.slug)!, spec })),
    created: missing.length,
    translations: translations.count,
  };
}
