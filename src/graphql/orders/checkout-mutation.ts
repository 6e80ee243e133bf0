import { z } from 'zod';
import { checkoutShape } from '../../domain/orders/checkout-fields.js';
import type { PlacedOrder } from '../../domain/orders/place-order.js';
import { checkout } from '../../domain/orders/place-order.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, optionalCustomerField } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { CheckoutDeliveryMethod, PaymentMethod } from './order-parts.js';
import { Order } from './order-type.js';

const CheckoutAddressInput = builder.inputType('CheckoutAddressInput', {
  description: 'A new delivery address; the region is derived from the point. The recipient defaults to the shopper.',
  fields: (t) => ({
    label: t.string({ required: false }),
    address: t.string({ required: true }),
    lat: t.float({ required: true }),
    lng: t.float({ required: true }),
    recipientName: t.string({ required: false }),
    recipientPhone: t.string({ required: false }),
  }),
});

const CheckoutContactInput = builder.inputType('CheckoutContactInput', {
  description: 'Who the store reaches about a guest’s order: a name and an email or a phone. A signed-in customer’s account answers instead.',
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: false }),
    phone: t.string({ required: false }),
  }),
});

const CheckoutInput = builder.inputType('CheckoutInput', {
  description: 'The body of POST /store/checkout, camelCased, with the same rules: delivery needs addressId (signed in) or address, a guest needs contact.',
  fields: (t) => ({
    cartId: t.field({ type: 'UUID', required: false, description: 'The cart to check out; the caller’s open cart when left out.' }),
    deliveryMethod: t.field({ type: CheckoutDeliveryMethod, required: true }),
    addressId: t.field({ type: 'UUID', required: false, description: 'A saved address of the signed-in customer.' }),
    address: t.field({ type: CheckoutAddressInput, required: false }),
    paymentMethod: t.field({ type: PaymentMethod, required: true }),
    couponCode: t.string({ required: false }),
    note: t.string({ required: false }),
    contact: t.field({ type: CheckoutContactInput, required: false, description: 'Required for a guest.' }),
  }),
});

const CheckoutCompletePayload = builder.objectRef<{ result: PlacedOrder | null; userErrors: UserErrorShape[] }>('CheckoutCompletePayload').implement({
  fields: (t) => ({
    order: t.field({ type: Order, nullable: true, resolve: (p) => p.result?.order ?? null }),
    created: t.boolean({
      nullable: true,
      description: 'False when this cart had already become the order: the same checkout sent again answers that order.',
      resolve: (p) => p.result?.created ?? null,
    }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const checkoutInput = z.strictObject(checkoutShape);

/** A null in the input is a field left out, as REST's JSON body leaves it out. */
const present = <T extends object>(fields: T | null | undefined) =>
  fields ? Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined)) : undefined;

const fieldOf = (field: string) => (field === 'sessionToken' ? 'X-Cart-Session' : inputField(field));

builder.mutationFields((t) => ({
  checkoutComplete: t.field({
    type: CheckoutCompletePayload,
    ...optionalCustomerField,
    description:
      'POST /store/checkout: turns the cart into an order in one transaction (validated again, coupon redeemed, stock taken, delivery priced). ' +
      'A customer bearer token names the customer’s cart; signed out, the `X-Cart-Session` header does. A changed cart is a cart_changed userError.',
    args: { input: t.arg({ type: CheckoutInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(() => {
        const { address, contact, ...rest } = args.input;
        const input = parseInput(checkoutInput, { ...present(rest), address: present(address), contact: present(contact) });
        return checkout(ctx, input);
      }, fieldOf),
  }),
}));
