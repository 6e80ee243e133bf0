import { describe, expect, it } from 'vitest';
import { Prisma } from '../../../src/generated/prisma/client.js';
import { deliveryFee, deliveryQuote, matchLevel, type QuotableZone } from '../../../src/domain/shipping/delivery-quote.js';

// Region ids of data/regions/US.json: Illinois and two of its areas, and California with one.
const ILLINOIS = 840000017;
const ADDISON = 840005677;
const ABINGDON = 840005675;
const CALIFORNIA = 840000006;
const ACTON = 840001989;

const d = (v: string) => new Prisma.Decimal(v);
let serial = 0;
function zone(over: Partial<QuotableZone> = {}): QuotableZone {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    countries: ['US'],
    stateIds: [],
    areaIds: [],
    currency: 'USD',
    baseRate: d('5.00'),
    perKgRate: null,
    minWeightKg: null,
    maxWeightKg: null,
    minDays: 2,
    maxDays: 5,
    active: true,
    position: 0,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...over,
  };
}
const inIllinois = { countryCode: 'US', stateId: ILLINOIS, areaId: ADDISON, weightKg: '1' };

describe('matchLevel', () => {
  it('reads a zone at its most specific non-empty level only', () => {
    const country = zone();
    const state = zone({ stateIds: [ILLINOIS] });
    const area = zone({ stateIds: [ILLINOIS], areaIds: [ADDISON] });
    expect(matchLevel(country, inIllinois)).toBe('country');
    expect(matchLevel(state, inIllinois)).toBe('state');
    expect(matchLevel(area, inIllinois)).toBe('area');
    // Listing Illinois next to its areas does not widen the zone to the whole state.
    expect(matchLevel(area, { ...inIllinois, areaId: ABINGDON })).toBeNull();
    expect(matchLevel(state, { countryCode: 'US', stateId: CALIFORNIA, areaId: ACTON, weightKg: 0 })).toBeNull();
  });

  it('compares the country in any case and needs the ids a finer zone names', () => {
    expect(matchLevel(zone(), { countryCode: 'us', weightKg: 0 })).toBe('country');
    expect(matchLevel(zone({ countries: ['CA'] }), inIllinois)).toBeNull();
    expect(matchLevel(zone({ stateIds: [ILLINOIS] }), { countryCode: 'US', stateId: null, weightKg: 0 })).toBeNull();
    expect(matchLevel(zone({ areaIds: [ADDISON] }), { countryCode: 'US', stateId: ILLINOIS, weightKg: 0 })).toBeNull();
  });

  it('lets a zone with no regions reach nowhere', () => {
    expect(matchLevel(zone({ countries: [] }), inIllinois)).toBeNull();
  });
});

describe('deliveryFee', () => {
  it('is the base rate without a per-kg rate, whatever the weight', () => {
    expect(deliveryFee(zone({ baseRate: d('4.99') }), d('37.5'))).toEqual(d('4.99'));
  });

  it('adds the per-kg rate on the weight above the band floor', () => {
    const z = zone({ baseRate: d('5.00'), perKgRate: d('1.20'), minWeightKg: d('2.000') });
    expect(deliveryFee(z, d('2')).toFixed(2)).toBe('5.00');
    expect(deliveryFee(z, d('3.5')).toFixed(2)).toBe('6.80');
    expect(deliveryFee(zone({ perKgRate: d('1.20') }), d('3.5')).toFixed(2)).toBe('9.20');
  });

  it('rounds half-up to the cent from exact decimals', () => {
    // 0.005 exactly: half-up gives 0.01 (a float would give 0.004999… and round down).
    expect(deliveryFee(zone({ baseRate: d('0.00'), perKgRate: d('0.01') }), d('0.5')).toFixed(2)).toBe('0.01');
    expect(deliveryFee(zone({ baseRate: d('1.00'), perKgRate: d('0.33') }), d('0.015')).toFixed(2)).toBe('1.00');
    expect(deliveryFee(zone({ baseRate: d('1.00'), perKgRate: d('2.35') }), d('1.001')).toFixed(2)).toBe('3.35');
    expect(deliveryFee(zone({ baseRate: d('0.10'), perKgRate: d('0.20') }), d('0.1')).toString()).toBe('0.12');
  });
});

describe('deliveryQuote', () => {
  it('answers the fee, currency and days of the matching zone', () => {
    const z = zone({ baseRate: d('7.50'), perKgRate: d('2.00'), currency: 'EUR', minDays: 1, maxDays: 3 });
    expect(deliveryQuote([z], { ...inIllinois, weightKg: 2.25 })).toEqual({
      zone: z,
      match: 'country',
      fee: d('12.00'),
      currency: 'EUR',
      minDays: 1,
      maxDays: 3,
    });
  });

  it('prefers an area over a state over a country, whatever their positions', () => {
    const country = zone({ position: 0, baseRate: d('9.00') });
    const state = zone({ position: 5, stateIds: [ILLINOIS], baseRate: d('6.00') });
    const area = zone({ position: 9, areaIds: [ADDISON], baseRate: d('3.00') });
    expect(deliveryQuote([country, state, area], inIllinois)?.zone).toBe(area);
    expect(deliveryQuote([country, state, area], { ...inIllinois, areaId: ABINGDON })?.zone).toBe(state);
    expect(deliveryQuote([country, state, area], { countryCode: 'US', stateId: CALIFORNIA, areaId: ACTON, weightKg: 1 })?.zone).toBe(country);
  });

  it('breaks ties between equally specific zones by position, then the oldest, then the id', () => {
    const later = zone({ position: 2 });
    const first = zone({ position: 1, createdAt: new Date('2026-02-01T00:00:00Z') });
    const older = zone({ position: 1, createdAt: new Date('2026-01-15T00:00:00Z') });
    expect(deliveryQuote([later, first], inIllinois)?.zone).toBe(first);
    expect(deliveryQuote([later, first, older], inIllinois)?.zone).toBe(older);
    const twinA = zone({ id: '00000000-0000-4000-8000-00000000000a' });
    const twinB = zone({ id: '00000000-0000-4000-8000-00000000000b' });
    expect(deliveryQuote([twinB, twinA], inIllinois)?.zone).toBe(twinA);
  });

  it('skips inactive zones', () => {
    const off = zone({ areaIds: [ADDISON], active: false });
    const on = zone();
    expect(deliveryQuote([off, on], inIllinois)?.zone).toBe(on);
    expect(deliveryQuote([off], inIllinois)).toBeNull();
  });

  it('applies a zone only inside its weight band, both ends included, falling through to the next', () => {
    const light = zone({ areaIds: [ADDISON], maxWeightKg: d('2.000'), baseRate: d('3.00') });
    const heavy = zone({ areaIds: [ADDISON], minWeightKg: d('2.001'), maxWeightKg: d('30.000'), baseRate: d('8.00'), perKgRate: d('1.00') });
    const fallback = zone({ stateIds: [ILLINOIS], baseRate: d('20.00') });
    const zones = [light, heavy, fallback];
    expect(deliveryQuote(zones, { ...inIllinois, weightKg: '0' })?.zone).toBe(light);
    expect(deliveryQuote(zones, { ...inIllinois, weightKg: '2' })?.zone).toBe(light);
    const heavyQuote = deliveryQuote(zones, { ...inIllinois, weightKg: '2.001' });
    expect(heavyQuote?.zone).toBe(heavy);
    expect(heavyQuote?.fee.toFixed(2)).toBe('8.00');
    expect(deliveryQuote(zones, { ...inIllinois, weightKg: '30' })?.fee.toFixed(2)).toBe('36.00'); // 8 + 27.999 × 1;
    expect(deliveryQuote(zones, { ...inIllinois, weightKg: '30.001' })?.zone).toBe(fallback);
    expect(deliveryQuote([light, heavy], { ...inIllinois, weightKg: '31' })).toBeNull();
  });

  it('answers null when no zone reaches the destination', () => {
    expect(deliveryQuote([], inIllinois)).toBeNull();
    expect(deliveryQuote([zone({ countries: ['CA', 'MX'] })], inIllinois)).toBeNull();
  });

  it('takes the weight as a number, a string or a Decimal without float arithmetic', () => {
    const z = zone({ baseRate: d('0.00'), perKgRate: d('0.10') });
    for (const weightKg of [0.3, '0.3', d('0.3')]) expect(deliveryQuote([z], { ...inIllinois, weightKg })?.fee.toFixed(2)).toBe('0.03');
    expect(deliveryQuote([z], { ...inIllinois, weightKg: 0.1 + 0.2 })?.fee.toFixed(2)).toBe('0.03');
  });

  it('refuses a negative or unreadable weight as a defect of its caller', () => {
    expect(() => deliveryQuote([zone()], { ...inIllinois, weightKg: -1 })).toThrow(RangeError);
    expect(() => deliveryQuote([zone()], { ...inIllinois, weightKg: Number.NaN })).toThrow(RangeError);
  });
});
