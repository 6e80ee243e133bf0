import { z } from 'zod';
import { nullableText, requiredText } from '../../platform/validation/body-fields.js';
import { addressCreateShape } from '../customers/addresses/address-fields.js';
import { deliveryMethods, paymentMethods } from './order-states.js';

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${values.join(', ')}`) });

/** A delivery address typed at checkout: a saved address's fields, with the recipient when it is someone else. */
export const checkoutAddressShape = {
  ...addressCreateShape,
  label: requiredText(60).optional(),
  recipientName: nullableText(120).optional(),
  recipientPhone: nullableText(40).optional(),
};

/** Who to reach about a guest's order; a signed-in customer's account answers for them. */
export const checkoutContactShape = {
  name: requiredText(120),
  email: z.email({ error: 'must be an email address' }).max(254).optional(),
  phone: nullableText(40).optional(),
};

/**
 * The designed checkout body, the same on REST, GraphQL and the hosted page: the cart (by id, or
 * the caller's open cart), delivery or pickup, where to (a saved address or a new one), how the
 * shopper pays, one coupon code and a note.
 */
export const checkoutShape = {
  cartId: z.string({ error: 'must be the cart’s uuid' }).trim().min(1).max(64).optional(),
  sessionToken: z.string({ error: 'must be text' }).optional(),
  deliveryMethod: oneOf(deliveryMethods),
  addressId: z.string({ error: 'must be a saved address id' }).trim().min(1).max(64).optional(),
  address: z.strictObject(checkoutAddressShape).optional(),
  paymentMethod: oneOf(paymentMethods),
  /** Null, like leaving it out, means no coupon. */
  couponCode: requiredText(64).nullish(),
  note: nullableText(1000).optional(),
  contact: z.strictObject(checkoutContactShape).optional(),
};

export type CheckoutInput = z.output<z.ZodObject<typeof checkoutShape>>;
export type CheckoutAddressInput = z.output<z.ZodObject<typeof checkoutAddressShape>>;
export type CheckoutContact = z.output<z.ZodObject<typeof checkoutContactShape>>;
