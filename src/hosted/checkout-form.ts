import { z } from 'zod';
import { checkoutShape, type CheckoutInput } from '../domain/orders/checkout-fields.js';
import type { FieldErrors } from '../platform/errors/api-error.js';
import { parseInput } from '../platform/validation/parse-input.js';

/** The checkout form's fields, by the names the page's inputs post. */
export const formFields = ['delivery_method', 'address', 'lat', 'lng', 'name', 'email', 'phone', 'coupon_code', 'note', 'payment_method'] as const;
export type FormField = (typeof formFields)[number];
export type FormValues = Record<FormField, string>;

export const fieldLabels: Record<FormField, string> = {
  delivery_method: 'Delivery or pickup',
  address: 'Address',
  lat: 'Latitude',
  lng: 'Longitude',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  coupon_code: 'Coupon code',
  note: 'Note',
  payment_method: 'Payment',
};

/** What a fresh form shows: delivery when the store delivers, cash, everything else empty. */
export function blankForm(deliveryMethod: 'delivery' | 'pickup'): FormValues {
  const values = Object.fromEntries(formFields.map((field) => [field, ''])) as FormValues;
  return { ...values, delivery_method: deliveryMethod, payment_method: 'cash' };
}

/** The posted form as text fields; anything else a browser could not have sent is dropped. */
export function formValuesOf(body: unknown): FormValues {
  const posted = (body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(formFields.map((field) => [field, typeof posted[field] === 'string' ? posted[field] : ''])) as FormValues;
}

const checkoutInput = z.strictObject(checkoutShape);

/**
 * The form as the domain's checkout body, parsed by the same shape as REST and GraphQL, so the
 * rules are the same. An empty field was not answered: it is left out rather than sent as "".
 * The address goes with delivery only, and the contact with a guest's cart only: a customer's
 * order is reached through the account.
 */
export function checkoutInputOf(cartId: string, values: FormValues, guest: boolean): CheckoutInput {
  const given = (field: FormField) => (values[field].trim() === '' ? undefined : values[field]);
  const anyOf = (fields: FormField[]) => fields.some((field) => given(field) !== undefined);
  const delivery = values.delivery_method === 'delivery';
  return parseInput(checkoutInput, {
    cartId,
    deliveryMethod: given('delivery_method'),
    address: delivery && anyOf(['address', 'lat', 'lng']) ? { address: given('address'), lat: given('lat'), lng: given('lng') } : undefined,
    contact: guest && anyOf(['name', 'email', 'phone']) ? { name: given('name'), email: given('email'), phone: given('phone') } : undefined,
    paymentMethod: given('payment_method'),
    couponCode: given('coupon_code'),
    note: given('note'),
  });
}

// The domain names a field by its path in the checkout body (camelCase from the shape, snake_case
// from rules written for the REST body); the shopper reads the label of the input it came from.
const labelOf: Record<string, string> = {
  deliveryMethod: fieldLabels.delivery_method,
  delivery_method: fieldLabels.delivery_method,
  address: fieldLabels.address,
  'address.address': fieldLabels.address,
  'address.lat': fieldLabels.lat,
  'address.lng': fieldLabels.lng,
  contact: 'Contact',
  'contact.name': fieldLabels.name,
  'contact.email': fieldLabels.email,
  'contact.phone': fieldLabels.phone,
  paymentMethod: fieldLabels.payment_method,
  couponCode: fieldLabels.coupon_code,
  note: fieldLabels.note,
};

/** A failure's field messages as the shopper reads them: "Latitude: must be between -90 and 90". */
export function formMessages(fieldErrors: FieldErrors): string[] {
  return Object.entries(fieldErrors).flatMap(([path, messages]) => messages.map((message) => `${labelOf[path] ?? path}: ${message}`));
}
