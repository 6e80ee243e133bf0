import { z } from 'zod';
import { nullableText, requiredText } from '../../platform/validation/body-fields.js';
import { timestampParam } from '../../platform/validation/wire-params.js';
import { phoneInput } from '../customers/accounts/phone-number.js';

const httpsUrl = z
  .string({ error: 'must be an https address' })
  .trim()
  .max(2048, { error: 'must be at most 2048 characters' })
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, { error: 'must be an https address' });

/** A timestamp that may be cleared with null. */
const clearableInstant = z.union([z.null(), timestampParam]);

/** `PATCH /orders/{order}/shipment`: each field sent sets (null clears), each left out keeps its value. */
export const shipmentShape = {
  carrierName: nullableText(120).optional(),
  trackingNumber: nullableText(120).optional(),
  trackingUrl: httpsUrl.nullable().optional(),
  zoneName: nullableText(120).optional(),
  shippedAt: clearableInstant.optional(),
  estimatedDeliveryAt: clearableInstant.optional(),
  deliveredAt: clearableInstant.optional(),
};
export type ShipmentInput = z.output<z.ZodObject<typeof shipmentShape>>;

/** `POST /orders/{order}/assign-rider`: who takes a delivery order to the shopper. */
export const riderShape = {
  name: requiredText(120),
  phone: phoneInput,
  vehicle: nullableText(120).optional(),
  trackingUrl: httpsUrl.nullable().optional(),
};
export type RiderInput = z.output<z.ZodObject<typeof riderShape>>;
