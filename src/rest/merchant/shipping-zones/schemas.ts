import { z } from 'zod';
import { zoneListLimits } from '../../../domain/shipping/list-zones.js';
import { zoneReadOnlyShape } from '../../../domain/shipping/read-only-fields.js';
import { zoneLimits, zoneTypes, zoneWriteShape } from '../../../domain/shipping/zone-fields.js';
import type { KeysetWindow } from '../../../domain/pagination/keyset-page.js';
import { cursorParam, integerParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, moneyString, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

export const zoneListQuery = z
  .looseObject({
    limit: integerParam(1, zoneListLimits.maxPageSize).meta({ description: `Page size, default ${zoneListLimits.defaultPageSize}.` }),
    starting_after: cursorParam,
  })
  .transform((q): KeysetWindow => ({ size: q.limit ?? zoneListLimits.defaultPageSize, after: q.starting_after }));

export const zoneParams = z.object({ zone: z.string().meta({ description: 'The uuid of a shipping zone of this store.' }) });

const writeRules = [
  'name, zone_type, base_rate, min_days and max_days are required; on PUT every other field left out goes back to its default',
  '(countries, state_ids, area_ids: []; per_kg_rate, min_weight_kg, max_weight_kg: null; active: true; sort_order: 0).',
  `countries: up to ${zoneLimits.countries} ISO 3166-1 alpha-2 codes (any case, answered upper-case), no repeats.`,
  `state_ids and area_ids: up to ${zoneLimits.regionIds} region ids each of the region data set; a state lies in a listed country`,
  'and an area in a listed country and a listed state, when those are listed. Money: at most 2 decimals; weights in kg: at most 3.',
  `min_days <= max_days (0-${zoneLimits.maxDays}); min_weight_kg <= max_weight_kg. sort_order (0-${zoneLimits.maxSortOrder}) is answered as position.`,
].join(' ');

export const zoneWriteBody = wireObject(zoneWriteShape).meta({ description: writeRules });

/**
 * PUT takes a zone as GET answers it (merchant spec: "a read round-trips into a write"): the
 * read-only `id`, `currency`, `position`, `created_at` and `updated_at` may come along, each with
 * the zone's stored value.
 */
export const zoneReplaceBody = wireObject({ ...zoneWriteShape, ...zoneReadOnlyShape }).meta({
  description: [
    writeRules,
    'The zone as GET answers it is a valid body: id, currency, position, created_at and updated_at are read-only,',
    "accepted when they hold the zone's stored values (and then ignored; position sent without sort_order keeps the zone where it is),",
    "otherwise a 422 naming each one (an updated_at older than the zone's says it changed since it was read).",
  ].join(' '),
});

const weight = z
  .string()
  .regex(/^\d+\.\d{3}$/)
  .nullable()
  .meta({ description: 'Kilograms as a decimal string with three places, such as "1.500"; null for an open end.' });

export const merchantShippingZone = z
  .strictObject({
    id: uuid,
    name: z.string(),
    zone_type: z.enum(zoneTypes),
    countries: z.array(z.string()),
    state_ids: z.array(z.int()),
    area_ids: z.array(z.int()),
    currency: z.string().meta({ description: "ISO 4217: the store's currency when the zone was last written." }),
    base_rate: moneyString,
    per_kg_rate: moneyString.nullable(),
    min_weight_kg: weight,
    max_weight_kg: weight,
    min_days: z.int(),
    max_days: z.int(),
    active: z.boolean(),
    position: z.int().meta({ description: 'The sort_order of the last write.' }),
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  })
  .meta({ id: 'MerchantShippingZone', description: 'Where the store delivers, what it charges there and how long it takes.' });

export const zoneAnswer = singleAnswer(merchantShippingZone);
export const zoneListAnswer = listAnswer(merchantShippingZone);
