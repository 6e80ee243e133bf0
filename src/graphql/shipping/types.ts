import type { ShippingZone as ShippingZoneRow } from '../../generated/prisma/client.js';
import { zoneLimits, zoneTypes, type ZoneType as ZoneTypeValue } from '../../domain/shipping/zone-fields.js';
import { builder } from '../builder.js';

// The GraphQL face of the REST Shipping zone object, camelCased; money and weights as Decimal strings.

export const ZoneType = builder.enumType('ShippingZoneType', {
  description: 'A label for the merchant; which destinations a zone reaches is read from its regions.',
  values: Object.fromEntries(zoneTypes.map((value) => [value.toUpperCase(), { value }])) as Record<string, { value: ZoneTypeValue }>,
});

const weight = (value: ShippingZoneRow['minWeightKg']) => (value === null ? null : value.toFixed(3));

export const ShippingZone = builder.objectRef<ShippingZoneRow>('ShippingZone').implement({
  description: 'Where the store delivers, what it charges there and how long it takes (REST GET /shipping-zones).',
  fields: (t) => ({
    uuid: t.field({ type: 'UUID', description: 'The uuid (REST `id`), `id` of shippingZoneReplace; `id` is the global id.', resolve: (z) => z.id }),
    name: t.exposeString('name'),
    zoneType: t.field({ type: ZoneType, resolve: (z) => z.zoneType as ZoneTypeValue }),
    countries: t.exposeStringList('countries', { description: 'ISO 3166-1 alpha-2 codes.' }),
    stateIds: t.exposeIntList('stateIds', { description: 'Region ids of states in the region data set.' }),
    areaIds: t.exposeIntList('areaIds', { description: 'Region ids of areas in the region data set.' }),
    currency: t.exposeString('currency', { description: "The store's currency when the zone was last written." }),
    baseRate: t.field({ type: 'Decimal', resolve: (z) => z.baseRate.toFixed(2) }),
    perKgRate: t.field({ type: 'Decimal', nullable: true, resolve: (z) => z.perKgRate?.toFixed(2) ?? null }),
    minWeightKg: t.field({ type: 'Decimal', nullable: true, resolve: (z) => weight(z.minWeightKg) }),
    maxWeightKg: t.field({ type: 'Decimal', nullable: true, resolve: (z) => weight(z.maxWeightKg) }),
    minDays: t.exposeInt('minDays'),
    maxDays: t.exposeInt('maxDays'),
    active: t.exposeBoolean('active'),
    position: t.exposeInt('position', { description: 'The sortOrder of the last write.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const ShippingZoneInput = builder.inputType('ShippingZoneInput', {
  description:
    'POST /shipping-zones and PUT /shipping-zones/{zone}: on a replace every field left out (or null) goes back to its default. The rules are REST\u2019s.',
  fields: (t) => ({
    name: t.string({ required: true }),
    zoneType: t.field({ type: ZoneType, required: true }),
    countries: t.stringList({ required: false, description: `Up to ${zoneLimits.countries} ISO 3166-1 alpha-2 codes, any case, no repeats.` }),
    stateIds: t.intList({ required: false, description: `Up to ${zoneLimits.regionIds} state ids, each in a listed country when countries are listed.` }),
    areaIds: t.intList({ required: false, description: `Up to ${zoneLimits.regionIds} area ids, each in a listed state when states are listed.` }),
    baseRate: t.field({ type: 'Decimal', required: true, description: 'At most 2 decimals, not negative.' }),
    perKgRate: t.field({ type: 'Decimal', required: false, description: 'Per kg above minWeightKg; at most 2 decimals.' }),
    minWeightKg: t.field({ type: 'Decimal', required: false, description: 'Kilograms, at most 3 decimals.' }),
    maxWeightKg: t.field({ type: 'Decimal', required: false, description: 'Kilograms, at most 3 decimals; at least minWeightKg.' }),
    minDays: t.int({ required: true }),
    maxDays: t.int({ required: true, description: `At least minDays, at most ${zoneLimits.maxDays}.` }),
    active: t.boolean({ required: false, description: 'True by default.' }),
    sortOrder: t.int({ required: false, description: 'Answered as position; 0 by default.' }),
  }),
});
