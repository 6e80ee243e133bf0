import { z } from 'zod';
import { clearable, flexBoolean, requiredText, wholeNumber } from '../../platform/validation/body-fields.js';
import { moneyInput } from '../../platform/validation/money.js';
import { optionalExcept } from '../catalog/writes/product-fields.js';
import { countryCodes } from './country-codes.js';
import { weightInput } from './weight.js';

// The fields of a shipping zone write, named as the domain names them (camelCase). REST wires them
// under snake_case names and GraphQL passes them as they are, so rules and messages agree. A create
// and a replace take the same body: the replace is a whole new version of the zone.

export const zoneTypes = ['local', 'national', 'international'] as const;
export type ZoneType = (typeof zoneTypes)[number];

export const zoneLimits = {
  /** Every assigned country fits, so a worldwide zone is one list. */
  countries: 250,
  /** Per list (states, areas): a 422 on the list rather than a slow write. */
  regionIds: 1000,
  maxDays: 365,
  maxSortOrder: 1_000_000,
} as const;

/** A list whose entries must not repeat: a repeat is named by its index (`countries.3`). */
function uniqueList<T extends z.ZodType>(item: T, max: number, noun: string) {
  return z
    .array(item, { error: `must be a list of ${noun}` })
    .max(max, { error: `must list at most ${max} ${noun}` })
    .superRefine((values, ctx) => {
      values.forEach((value, index) => {
        if (values.indexOf(value) !== index) ctx.addIssue({ code: 'custom', path: [index], message: `repeats ${String(value)}` });
      });
    });
}

const countryCode = z
  .string({ error: 'must be an ISO 3166-1 alpha-2 country code such as US' })
  .transform((v) => v.trim().toUpperCase())
  .refine((v) => countryCodes.has(v), { error: 'must be an ISO 3166-1 alpha-2 country code such as US' });

const regionId = z.int({ error: 'must be a region id (an integer) of the region data set' }).positive({ error: 'must be a region id of the region data set' });

export const zoneFieldShape = {
  name: requiredText(255),
  zoneType: z.enum(zoneTypes, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be local, national or international') }),
  countries: uniqueList(countryCode, zoneLimits.countries, 'country codes'),
  stateIds: uniqueList(regionId, zoneLimits.regionIds, 'region ids'),
  areaIds: uniqueList(regionId, zoneLimits.regionIds, 'region ids'),
  baseRate: moneyInput,
  perKgRate: clearable(moneyInput),
  minWeightKg: clearable(weightInput),
  maxWeightKg: clearable(weightInput),
  minDays: wholeNumber(0, zoneLimits.maxDays),
  maxDays: wholeNumber(0, zoneLimits.maxDays),
  active: flexBoolean,
  /** Answered as `position`: the list order, and the tie-break between equally specific zones. */
  sortOrder: wholeNumber(0, zoneLimits.maxSortOrder),
};

export const zoneWriteShape = optionalExcept(zoneFieldShape, ['name', 'zoneType', 'baseRate', 'minDays', 'maxDays']);
export const zoneWriteInput = z.strictObject(zoneWriteShape);
export type ZoneWriteInput = z.output<typeof zoneWriteInput>;
