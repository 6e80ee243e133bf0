import type { Discount } from '../../../generated/prisma/client.js';
import type { Facet } from '../../../domain/catalog/facets/option-index.js';
import { isLive } from '../../../domain/discounts/liveness.js';

/** The storefront Promotion object. */
export function presentPromotion(p: Discount, now: Date) {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    image_url: p.imageUrl,
    type: p.type as 'percentage' | 'fixed',
    value: p.value.toNumber(),
    priority: p.priority,
    valid_from: p.validFrom?.toISOString() ?? null,
    valid_until: p.validUntil?.toISOString() ?? null,
    status: p.isActive ? ('active' as const) : ('inactive' as const),
    is_live: isLive(p, now),
  };
}

export function presentFacet(f: Facet) {
  return {
    name: f.name,
    slug: f.slug,
    type: f.type,
    values: f.values.map((v) => ({ value: v.value, slug: v.slug, count: v.count, selected: v.selected, color_code: v.colorCode })),
  };
}
