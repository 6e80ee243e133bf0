import { Prisma } from '../../generated/prisma/client.js';

/** The columns of a zone a quote reads. */
export type QuotableZone = Pick<
  Prisma.ShippingZoneGetPayload<object>,
  | 'id'
  | 'countries'
  | 'stateIds'
  | 'areaIds'
  | 'currency'
  | 'baseRate'
  | 'perKgRate'
  | 'minWeightKg'
  | 'maxWeightKg'
  | 'minDays'
  | 'maxDays'
  | 'active'
  | 'position'
  | 'createdAt'
>;

export interface Destination {
  /** ISO 3166-1 alpha-2, any case. */
  countryCode: string;
  /** Region ids of the data set, as a saved address derives them; null when unknown. */
  stateId?: number | null;
  areaId?: number | null;
  /** The parcel's weight in kilograms, not negative. */
  weightKg: Prisma.Decimal | string | number;
}

export type MatchLevel = 'area' | 'state' | 'country';

export interface DeliveryQuote<Z extends QuotableZone> {
  zone: Z;
  /** The level the destination matched at. */
  match: MatchLevel;
  /** In the zone's currency, rounded half-up to 2 decimals. */
  fee: Prisma.Decimal;
  currency: string;
  minDays: number;
  maxDays: number;
}

const rank: Record<MatchLevel, number> = { area: 3, state: 2, country: 1 };

/**
 * A zone reaches its most specific non-empty level: its areas, else its states, else its
 * countries; a zone with none reaches nowhere. The destination matches at that level or not at all.
 */
export function matchLevel(zone: QuotableZone, destination: Destination): MatchLevel | null {
  if (zone.areaIds.length) return destination.areaId != null && zone.areaIds.includes(destination.areaId) ? 'area' : null;
  if (zone.stateIds.length) return destination.stateId != null && zone.stateIds.includes(destination.stateId) ? 'state' : null;
  return zone.countries.includes(destination.countryCode.toUpperCase()) ? 'country' : null;
}

/** Whether the weight lies in the zone's band; both ends are inclusive and a missing end is open. */
export function inWeightBand(zone: QuotableZone, weight: Prisma.Decimal): boolean {
  return (zone.minWeightKg === null || weight.gte(zone.minWeightKg)) && (zone.maxWeightKg === null || weight.lte(zone.maxWeightKg));
}

/** base_rate + per_kg_rate × (weight − min_weight_kg), the excess over the band's floor, half-up to the cent. */
export function deliveryFee(zone: QuotableZone, weight: Prisma.Decimal): Prisma.Decimal {
  const charged = Prisma.Decimal.max(0, weight.minus(zone.minWeightKg ?? 0));
  return zone.baseRate.plus(charged.times(zone.perKgRate ?? 0)).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
}

function byPosition(a: QuotableZone, b: QuotableZone): number {
  return a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The delivery a destination gets: among the active zones whose weight band holds the parcel, the
 * one matching most specifically (area over state over country), ties by the list order (position,
 * then the oldest); null when none applies. A zone that matches but not by weight steps aside for
 * the next, so weight tiers are zones of the same regions with adjacent bands.
 */
export function deliveryQuote<Z extends QuotableZone>(zones: readonly Z[], destination: Destination): DeliveryQuote<Z> | null {
  const weight = new Prisma.Decimal(destination.weightKg);
  if (weight.isNaN() || weight.lt(0)) throw new RangeError(`A parcel weighs 0 kg or more, not ${weight.toString()}`);
  let best: { zone: Z; match: MatchLevel } | null = null;
  for (const zone of zones) {
    if (!zone.active || !inWeightBand(zone, weight)) continue;
    const match = matchLevel(zone, destination);
    if (!match) continue;
    if (!best || rank[match] > rank[best.match] || (rank[match] === rank[best.match] && byPosition(zone, best.zone) < 0)) best = { zone, match };
  }
  if (!best) return null;
  const { zone, match } = best;
  return { zone, match, fee: deliveryFee(zone, weight), currency: zone.currency, minDays: zone.minDays, maxDays: zone.maxDays };
}
