import type { Category } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { parseRecordId } from '../record-id.js';

/** The ids of a category and every category below it: a shopper browsing a category sees its subcategories' products too. */
function withDescendants(all: Category[], root: Category): string[] {
  const ids = [root.id];
  for (let i = 0; i < ids.length; i += 1) {
    for (const c of all) if (c.parentId === ids[i]) ids.push(c.id);
  }
  return ids;
}

export async function resolveCategoryFilter(ctx: Ctx, bySlug: string | undefined, byId: string | undefined): Promise<Category | undefined> {
  if (bySlug && byId) throw ApiError.invalidField('category_id', 'Send category_slug or category_id, not both.');
  if (!bySlug && !byId) return undefined;
  const all = await ctx.loaders.allCategories();
  if (bySlug) {
    const found = all.find((c) => c.slug === bySlug);
    if (!found) throw ApiError.invalidField('category_slug', `No category with slug "${bySlug}" in this store.`);
    return found;
  }
  const ref = parseRecordId(byId!);
  const found = ref && all.find((c) => ('pId' in ref ? c.pId === ref.pId : c.id === ref.id));
  if (!found) throw ApiError.invalidField('category_id', `No category with id "${byId}" in this store.`);
  return found;
}

export async function categoryTreeIds(ctx: Ctx, category: Category): Promise<string[]> {
  return withDescendants(await ctx.loaders.allCategories(), category);
}
