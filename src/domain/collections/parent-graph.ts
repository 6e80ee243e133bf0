import type { FieldErrors } from '../../platform/errors/api-error.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';
import type { CollectionItemInput } from './collection-fields.js';

interface Existing {
  id: string;
  slug: string;
  parentId: string | null;
}

/**
 * Each item's parent after the call, as a slug (null: top-level), checked against the whole tree
 * the call would leave: a parent must exist (already, or as another item of the call) and no
 * collection may end up its own ancestor. Also answers the order to write the items in, parents
 * of the call before their children.
 */
export function planParents(items: CollectionItemInput[], existing: Existing[], errors: FieldErrors) {
  const slugOfId = new Map(existing.map((c) => [c.id, c.slug]));
  const parentOf = new Map<string, string | null>(existing.map((c) => [c.slug, c.parentId ? (slugOfId.get(c.parentId) ?? null) : null]));
  const inCall = new Set(items.map((i) => i.slug));
  const fieldOf = (i: number, item: CollectionItemInput) => `collections.${i}.${item.parentSlug !== undefined ? 'parentSlug' : 'parentId'}`;

  items.forEach((item, i) => {
    if (item.parentId !== undefined && item.parentSlug !== undefined) {
      errors[`collections.${i}.parentSlug`] = ['send parent_id or parent_slug, not both'];
    } else if (item.parentSlug !== undefined) {
      if (!inCall.has(item.parentSlug) && !parentOf.has(item.parentSlug)) errors[fieldOf(i, item)] = ['names no collection of this store or of this call'];
      else parentOf.set(item.slug, item.parentSlug);
    } else if (item.parentId !== undefined && item.parentId !== null) {
      const slug = uuidPattern.test(item.parentId) ? slugOfId.get(item.parentId.toLowerCase()) : undefined;
      if (!slug) errors[fieldOf(i, item)] = ['names no collection of this store'];
      else parentOf.set(item.slug, slug);
    } else if (item.parentId === null || !parentOf.has(item.slug)) {
      parentOf.set(item.slug, null);
    }
  });

  items.forEach((item, i) => {
    const seen = new Set<string>([item.slug]);
    for (let at = parentOf.get(item.slug); at; at = parentOf.get(at)) {
      if (seen.has(at)) {
        errors[fieldOf(i, item)] ??= ['would make the collection its own ancestor'];
        break;
      }
      seen.add(at);
    }
  });

  const depth = (slug: string, guard = 0): number => {
    const parent = parentOf.get(slug);
    return parent && inCall.has(parent) && guard < items.length ? 1 + depth(parent, guard + 1) : 0;
  };
  const order = items.map((item, index) => ({ index, depth: depth(item.slug) })).sort((a, b) => a.depth - b.depth || a.index - b.index);
  return { parentOf, order: order.map((o) => o.index) };
}
