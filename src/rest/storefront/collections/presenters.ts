import type { CollectionNode } from '../../../domain/collections/collection-tree.js';
import { orderedRenditions } from '../../../domain/media/renditions.js';

export function presentCollectionNode(node: CollectionNode): Record<string, unknown> {
  const c = node.collection;
  return {
    id: c.id,
    name: node.name,
    slug: c.slug,
    description: node.description,
    image: c.imageUrl,
    image_variants: c.imageSizes ? orderedRenditions(c.imageSizes) : null,
    featured: c.featured,
    parent_id: c.parentId,
    mode: c.mode,
    products_count: node.productsCount,
    children: node.children.map(presentCollectionNode),
  };
}
