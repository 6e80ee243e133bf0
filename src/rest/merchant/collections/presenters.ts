import type { CollectionWithCount } from '../../../domain/collections/list-merchant-collections.js';
import { orderedRenditions } from '../../../domain/media/renditions.js';

export function presentMerchantCollection({ collection: c, productsCount }: CollectionWithCount) {
  return {
    id: c.id,
    p_id: c.pId,
    slug: c.slug,
    name: c.name,
    description: c.description,
    image: c.imageUrl,
    image_variants: c.imageSizes ? orderedRenditions(c.imageSizes) : null,
    featured: c.featured,
    storefront: c.storefront,
    mode: c.mode as 'manual' | 'smart',
    rules: c.mode === 'smart' ? (c.rules as { match: 'all' | 'any'; rules: Record<string, unknown>[] }) : null,
    parent_id: c.parentId,
    position: c.position,
    products_count: productsCount,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
