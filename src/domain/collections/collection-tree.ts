import type { Collection } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { shopperVisible } from '../catalog/visibility.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { productCounts } from './membership.js';
import { smartWhereCompiler } from './smart-where.js';
import { findCollection, findCollections } from './find-collection.js';

export interface CollectionTreeInput {
  mode: 'all' | 'manual' | 'smart';
  /** Keep collections with no shopper-visible product (and no shown child). */
  includeEmpty: boolean;
  /** The storefront flag to select; undefined selects both. */
  storefront?: boolean;
  locale?: string | null;
}

export interface CollectionNode {
  collection: Collection;
  name: string;
  description: string | null;
  productsCount: number;
  children: CollectionNode[];
}

/** A collection's name and description in the locale (missing translations fall back to the merchant's text). */
export async function localizedCollection(ctx: Ctx, collection: Collection, locale: ResolvedLocale | null) {
  if (!locale || locale.isPrimary) return { name: collection.name, description: collection.description };
  const fields = await ctx.loaders.translation.load({ resourceType: 'collection', resourceId: collection.id, locale: locale.code });
  return { name: fields?.name || collection.name, description: fields?.description ?? collection.description };
}

function byPlace(a: Collection, b: Collection) {
  return a.position - b.position || a.name.localeCompare(b.name) || a.pId - b.pId;
}

/**
 * The storefront's collection tree. The filters select collections; a selected collection whose
 * parent is not selected is shown at the top. Counts are of shopper-visible products. Without
 * `includeEmpty`, a collection with no product and no shown child is left out.
 */
export async function collectionTree(ctx: Ctx, input: CollectionTreeInput): Promise<{ locale: ResolvedLocale; nodes: CollectionNode[] }> {
  const [all, locale] = await Promise.all([
    ctx.db.collection.findMany({
      where: { ...(input.mode !== 'all' && { mode: input.mode }), ...(input.storefront !== undefined && { storefront: input.storefront }) },
    }),
    resolveLocale(ctx, input.locale),
  ]);
  all.sort(byPlace);
  const [counts, texts] = await Promise.all([
    productCounts(ctx, smartWhereCompiler(ctx), all, shopperVisible(ctx)),
    Promise.all(all.map((c) => localizedCollection(ctx, c, locale))),
  ]);
  const nodes = new Map(all.map((c, i) => [c.id, { collection: c, ...texts[i]!, productsCount: counts.get(c.id) ?? 0, children: [] as CollectionNode[] }]));
  const roots: CollectionNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.collection.parentId ? nodes.get(node.collection.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const prune = (list: CollectionNode[]): CollectionNode[] =>
    list.flatMap((node) => {
      node.children = prune(node.children);
      return input.includeEmpty || node.productsCount > 0 || node.children.length ? [node] : [];
    });
  return { locale, nodes: prune(roots) };
}

/**
 * One collection by uuid, integer id or slug, with its text in the locale; null when the store has
 * none such. Its count and children cost a count per smart collection, so they are read only when
 * asked (`collectionCount`, `collectionChildren`), never to find the collection.
 */
export async function findCollectionInLocale(
  ctx: Ctx,
  ref: string,
  locale: string | null | undefined,
): Promise<{ locale: ResolvedLocale; collection: Collection; name: string; description: string | null } | null> {
  const [collection, resolved] = await Promise.all([findCollection(ctx, ref).catch(nullWhenMissing), resolveLocale(ctx, locale)]);
  if (!collection) return null;
  return { locale: resolved, collection, ...(await localizedCollection(ctx, collection, resolved)) };
}

function nullWhenMissing(error: { code?: string }): null {
  if (error?.code === 'not_found') return null;
  throw error;
}

/** A collection's count of shopper-visible products, by the tree's rule. */
export async function collectionCount(ctx: Ctx, collection: Collection): Promise<number> {
  return (await productCounts(ctx, smartWhereCompiler(ctx), [collection], shopperVisible(ctx))).get(collection.id) ?? 0;
}

/** A collection's children as the tree shows them (empty ones included). */
export async function collectionChildren(ctx: Ctx, collection: Collection, locale: string | null | undefined): Promise<CollectionNode[]> {
  const tree = await collectionTree(ctx, { mode: 'all', includeEmpty: true, locale });
  const search = (nodes: CollectionNode[]): CollectionNode[] | null => {
    for (const node of nodes) {
      if (node.collection.id === collection.id) return node.children;
      const found = search(node.children);
      if (found) return found;
    }
    return null;
  };
  return search(tree.nodes) ?? [];
}

/** The store's collections among uuids with their text in the locale; one statement for the rows, one batch for the texts. */
export async function findCollectionsInLocale(ctx: Ctx, ids: readonly string[], locale: string | null | undefined) {
  const [collections, resolved] = await Promise.all([findCollections(ctx, ids), resolveLocale(ctx, locale)]);
  return Promise.all(collections.map(async (collection) => ({ locale: resolved, collection, ...(await localizedCollection(ctx, collection, resolved)) })));
}
