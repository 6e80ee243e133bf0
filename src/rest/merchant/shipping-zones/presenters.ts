import type { ShippingZone } from '../../../generated/prisma/client.js';
import { isoTimestamp, moneyString } from '../../kit/format.js';

/** Weights to the gram, as they are stored and as a write takes them back. */
const weightString = (value: ShippingZone['minWeightKg']) => (value === null ? null : value.toFixed(3));

/** The Shipping zone object of the merchant spec; `sort_order` of a write comes back as `position`. */
export function presentShippingZone(z: ShippingZone) {
  return {
    id: z.id,
    name: z.name,
    zone_type: z.zoneType,
    countries: z.countries,
    state_ids: z.stateIds,
    area_ids: z.areaIds,
    currency: z.currency,
    base_rate: moneyString(z.baseRate),
    per_kg_rate: moneyString(z.perKgRate),
    min_weight_kg: weightString(z.minWeightKg),
    max_weight_kg: weightString(z.maxWeightKg),
    min_days: z.minDays,
    max_days: z.maxDays,
    active: z.active,
    position: z.position,
    created_at: isoTimestamp(z.createdAt),
    updated_at: isoTimestamp(z.updatedAt),
  };
}
