import { z } from 'zod';
import type { ShippingZone } from '../../generated/prisma/client.js';
import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';

/**
 * The fields a zone read carries that no write sets. A replace takes them as they were read, so a
 * read round-trips into a write (merchant spec, Shipping zones): each one sent must hold the zone's
 * stored value and is then ignored; any other value is a 422 naming it, since honouring it silently
 * would change nothing the caller asked for. `position` is the one a write does set, as
 * `sort_order`: sent alone, it keeps the zone where it is.
 */
export const zoneReadOnlyShape = {
  id: z.string({ error: 'must be the id of this zone as read, or left out' }).optional(),
  currency: z.string({ error: 'must be the currency of this zone as read, or left out' }).optional(),
  position: z.int({ error: 'must be the position of this zone as read, or left out' }).optional(),
  createdAt: z.string({ error: 'must be the created_at of this zone as read, or left out' }).optional(),
  updatedAt: z.string({ error: 'must be the updated_at of this zone as read, or left out' }).optional(),
};

export type ZoneReadOnlyFields = { [K in keyof typeof zoneReadOnlyShape]?: z.output<(typeof zoneReadOnlyShape)[K]> };

const sameInstant = (sent: string, stored: Date) => Date.parse(sent) === stored.getTime();

/** Refuses, all at once, every read-only field sent with another value than the zone holds. */
export function checkReadOnlyFields(zone: ShippingZone, sent: ZoneReadOnlyFields): void {
  const errors: FieldErrors = {};
  const differs = (field: keyof ZoneReadOnlyFields, stored: string | number, hint?: string) => {
    errors[field] = [`is read-only: send this zone's own value (${stored}) or leave it out${hint ? `; ${hint}` : ''}`];
  };
  if (sent.id !== undefined && sent.id.toLowerCase() !== zone.id) differs('id', zone.id);
  if (sent.currency !== undefined && sent.currency !== zone.currency) differs('currency', zone.currency, "a replace writes the rates in the store's currency");
  if (sent.position !== undefined && sent.position !== zone.position) differs('position', zone.position, 'send sort_order to move the zone');
  if (sent.createdAt !== undefined && !sameInstant(sent.createdAt, zone.createdAt)) differs('createdAt', zone.createdAt.toISOString());
  if (sent.updatedAt !== undefined && !sameInstant(sent.updatedAt, zone.updatedAt)) {
    differs('updatedAt', zone.updatedAt.toISOString(), 'the zone changed since it was read');
  }
  if (Object.keys(errors).length) throw ApiError.validation(errors);
}
