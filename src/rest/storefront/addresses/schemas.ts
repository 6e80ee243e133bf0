import { z } from 'zod';
import { addressCreateShape } from '../../../domain/customers/addresses/address-fields.js';
import { placementRules } from '../../../domain/regions/place-point.js';
import { uuid } from '../../kit/common-schemas.js';
import { singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

const derived = (what: string) =>
  z
    .string()
    .nullable()
    .meta({ description: `${what}, derived from the point; null outside every known region.` });
const derivedId = (what: string) =>
  z
    .int()
    .nullable()
    .meta({ description: `The region data set's id of the ${what}; shipping zones name the same ids.` });

export const savedAddress = z
  .strictObject({
    id: uuid,
    label: z.string(),
    address: z.string(),
    lat: z.number(),
    lng: z.number(),
    country_code: derived('ISO 3166 alpha-2 country'),
    state: derived('State'),
    city: derived('City or town'),
    area: derived('Area (the city or town matched)'),
    state_id: derivedId('state'),
    area_id: derivedId('area'),
    is_default: z.boolean(),
  })
  .meta({ id: 'SavedAddress' });

export const addressCreateBody = wireObject(addressCreateShape).meta({
  description: `label, address, lat and lng. The point is placed in the nearest area within ${placementRules.areaRadiusKm} km (its city, area and state), else in the state of the nearest area within ${placementRules.stateRadiusKm} km, else nowhere.`,
});

export const addressParams = z.object({ id: z.string().meta({ description: 'The saved address id (uuid).' }) });

export const addressListAnswer = z.strictObject({ status: z.literal('success'), message: z.string(), data: z.array(savedAddress) });
export const addressAnswer = singleAnswer(savedAddress);
