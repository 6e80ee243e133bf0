import { ApiError } from '../../../platform/errors/api-error.js';
import { slugOf } from '../writes/slug.js';

/**
 * The attribute filter: entries `name:value`, given as slugs or as the text they come from
 * (`color:red`, `Color:Dark Blue`). Values of one attribute are alternatives (OR); different
 * attributes must all hold (AND). A REST caller repeats `attributes[]` or separates entries with
 * commas; GraphQL takes a list of the same entries.
 */
export type AttributeSelection = Map<string, Set<string>>;

export const attributeLimits = { maxEntries: 30, maxEntryLength: 200 } as const;

/** The facet slug of an option name or value; text with no Latin letters keeps its own lower-cased form. */
export function facetSlug(text: string): string {
  return slugOf(text) || text.trim().toLowerCase();
}

export function parseAttributes(entries: string[] | undefined, field: string): AttributeSelection {
  const selection: AttributeSelection = new Map();
  const parts = (entries ?? [])
    .flatMap((e) => e.split(','))
    .map((e) => e.trim())
    .filter(Boolean);
  if (parts.length > attributeLimits.maxEntries) throw ApiError.invalidField(field, `must hold at most ${attributeLimits.maxEntries} entries`);
  parts.forEach((entry, i) => {
    const colon = entry.indexOf(':');
    const name = facetSlug(entry.slice(0, Math.max(colon, 0)));
    const value = facetSlug(entry.slice(colon + 1));
    if (colon <= 0 || !name || !value || entry.length > attributeLimits.maxEntryLength) {
      throw ApiError.invalidField(`${field}.${i}`, 'must be name:value, such as color:red');
    }
    if (!selection.has(name)) selection.set(name, new Set());
    selection.get(name)!.add(value);
  });
  return selection;
}

/** The selection as a cursor binds it: sorted, so the same filters in another order walk the same list. */
export function canonicalSelection(selection: AttributeSelection): string[] {
  return [...selection].flatMap(([name, values]) => [...values].map((v) => `${name}:${v}`)).sort();
}
