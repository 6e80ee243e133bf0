import type { Discount } from '../../../generated/prisma/client.js';
import { discountReference } from '../../../domain/discounts/reference.js';
import { isoTimestamp, moneyString } from '../../kit/format.js';

/** The Discount object of the merchant spec, plus the designed `kind` and `priority`. */
export function presentDiscount(d: Discount) {
  return {
    id: d.id,
    reference: discountReference(d.pId),
    kind: d.kind,
    title: d.title,
    description: d.description,
    type: d.type,
    value: moneyString(d.value),
    product_ids: d.productIds,
    category_ids: d.categoryIds,
    minimum_order_amount: moneyString(d.minimumOrderAmount),
    minimum_quantity: d.minimumQuantity,
    capped_amount: moneyString(d.cappedAmount),
    capped_amount_per_user: moneyString(d.cappedAmountPerUser),
    max_usage_total: d.maxUsageTotal,
    max_usage_per_user: d.maxUsagePerUser,
    usage_count: d.usageCount,
    auto_apply: d.autoApply,
    status: d.isActive ? 'active' : 'inactive',
    is_active: d.isActive,
    is_published: d.isPublished,
    priority: d.priority,
    image_url: d.imageUrl,
    valid_from: isoTimestamp(d.validFrom),
    valid_until: isoTimestamp(d.validUntil),
    published_at: isoTimestamp(d.publishedAt),
    created_at: isoTimestamp(d.createdAt),
    updated_at: isoTimestamp(d.updatedAt),
  };
}

/** What publish and unpublish answer (the spec's states table). */
export function presentPublication(d: Discount) {
  return { is_published: d.isPublished, published_at: isoTimestamp(d.publishedAt) };
}
