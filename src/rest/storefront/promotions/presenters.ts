import type { Discount } from '../../../generated/prisma/client.js';
import { isLive } from '../../../domain/discounts/liveness.js';
import { isoTimestamp, moneyNumber } from '../../kit/format.js';

/** The storefront Promotion object: GET /store/promotions and `meta.promotion` of a promotion's product page. */
export function presentPromotion(promotion: Discount, now: Date) {
  return {
    id: promotion.id,
    title: promotion.title,
    description: promotion.description,
    image_url: promotion.imageUrl,
    type: promotion.type,
    value: moneyNumber(promotion.value),
    priority: promotion.priority,
    valid_from: isoTimestamp(promotion.validFrom),
    valid_until: isoTimestamp(promotion.validUntil),
    status: promotion.isActive ? 'active' : 'inactive',
    is_live: isLive(promotion, now),
  };
}
