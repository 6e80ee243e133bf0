import type { Facet } from '../../../domain/catalog/facets/option-index.js';

export function presentFacet(f: Facet) {
  return {
    name: f.name,
    slug: f.slug,
    type: f.type,
    values: f.values.map((v) => ({ value: v.value, slug: v.slug, count: v.count, selected: v.selected, color_code: v.colorCode })),
  };
}
