import { z } from 'zod';
import { requiredText } from '../../../platform/validation/body-fields.js';

/** A coordinate as a JSON number, or as text holding one (a form sends text). */
function coordinate(bound: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number of degrees') })
      .min(-bound, { error: `must be between -${bound} and ${bound}` })
      .max(bound, { error: `must be between -${bound} and ${bound}` }),
  );
}

/** What a shopper sends to save an address; the country, state, city, area and their ids are derived from the point. */
export const addressCreateShape = {
  label: requiredText(60),
  address: requiredText(500),
  lat: coordinate(90),
  lng: coordinate(180),
};

export type AddressCreateInput = z.output<z.ZodObject<typeof addressCreateShape>>;

/** How many addresses one account keeps. */
export const MAX_SAVED_ADDRESSES = 50;
