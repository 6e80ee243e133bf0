import { z } from 'zod';
import type { Prisma } from '../../generated/prisma/client.js';
import { phoneInput } from '../customers/accounts/phone-number.js';
import { nullableText, requiredText, wholeNumber } from '../../platform/validation/body-fields.js';
import { moneyInput } from '../../platform/validation/money.js';
import { timestampParam } from '../../platform/validation/wire-params.js';

/** The caps of an imported order (merchant spec, Limits): per unit price, delivery fee or discount, and per total. */
export const importCaps = { amount: 1_000_000, total: 10_000_000, items: 250, quantity: 100_000 } as const;

/** What an import does to stock: nothing (`bypass`, the default: the channel's sale is already counted where it was made) or take the units (`decrement`). */
export const inventoryBehaviours = ['bypass', 'decrement'] as const;
export type InventoryBehaviour = (typeof inventoryBehaviours)[number];

/** The delivery methods an outside channel's order may carry. */
export const importDeliveryMethods = ['delivery', 'pickup', 'instore', 'shipping'] as const;

const capped = (cap: number) =>
  moneyInput.refine((amount: Prisma.Decimal) => amount.lte(cap), { error: `must be at most ${cap.toLocaleString('en-US')}` });

/** A nested object of the body whose unknown fields are refused each by its own name (`customer.email`), as the body's own are. */
function namedObject<S extends z.ZodRawShape>(shape: S, what: string) {
  return z.preprocess(
    (value, ctx) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      for (const key of Object.keys(value)) if (!(key in shape)) ctx.addIssue({ code: 'custom', path: [key], message: 'is not a field of this operation' });
      return value;
    },
    z.object(shape, { error: `must be ${what}` }),
  );
}

const refOf = z.union([z.string().trim().min(1).max(200), z.number().int().positive()], { error: 'must be an integer id, a uuid or a slug' }).transform(String);

const item = z.preprocess(
  (value, ctx) => {
    if (value !== null && typeof value === 'object' && 'ref' in value) {
      ctx.addIssue({ code: 'custom', path: ['ref'], message: 'is no longer accepted: name the product with product (its p_id, uuid or slug) and a variant with variant' });
    }
    return value;
  },
  namedObject({
    product: refOf,
    variant: z.union([z.string().trim().min(1).max(64), z.number().int().positive()], { error: 'must be the p_id or uuid of a variant of the product' }).transform(String).optional(),
    title: nullableText(255).optional(),
    quantity: wholeNumber(1, importCaps.quantity),
    unit_price: capped(importCaps.amount),
  }, '{product, variant, title, quantity, unit_price}'),
);

export const importShape = {
  channel: namedObject(
    { name: requiredText(64), order_id: z.union([z.string(), z.number()], { error: 'must be the channel\'s order reference' }).transform(String).pipe(requiredText(128)) },
    '{name, order_id}: the sales channel and its own reference for the order',
  ),
  customer: namedObject({ name: requiredText(120), phone: phoneInput }, '{name, phone}'),
  items: z.array(item, { error: 'must be a list of items' }).min(1, { error: 'must have at least one item' }).max(importCaps.items, { error: `must have at most ${importCaps.items} items` }),
  deliveryFee: capped(importCaps.amount).optional(),
  discount: capped(importCaps.amount).optional(),
  total: moneyInput.refine((amount: Prisma.Decimal) => amount.lte(importCaps.total), { error: `must be at most ${importCaps.total.toLocaleString('en-US')}` }),
  currency: z.string({ error: 'must be a currency code such as USD' }).trim().regex(/^[A-Za-z]{3}$/, { error: 'must be a currency code such as USD' }).transform((c) => c.toUpperCase()).optional(),
  paymentStatus: z.enum(['paid', 'unpaid'], { error: 'must be paid or unpaid' }).optional(),
  deliveryMethod: z.enum(importDeliveryMethods, { error: `must be one of ${importDeliveryMethods.join(', ')}` }),
  shippingAddress: namedObject(
    {
      address: requiredText(500),
      latitude: z.number({ error: 'must be a latitude' }).min(-90).max(90),
      longitude: z.number({ error: 'must be a longitude' }).min(-180).max(180),
    },
    '{address, latitude, longitude}',
  )
    .nullable()
    .optional(),
  note: nullableText(1000).optional(),
  placedAt: timestampParam,
  inventoryBehaviour: z.enum(inventoryBehaviours, { error: 'must be bypass or decrement' }).optional(),
};

const importObject = z.object(importShape);
export type ImportInput = z.output<typeof importObject>;
