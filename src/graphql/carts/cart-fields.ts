import { z } from 'zod';
import { cartItemAddShape, cartUpsertShape, cartValidateShape } from '../../domain/carts/cart-fields.js';
import type { CartView } from '../../domain/carts/cart-view.js';
import { addCartItem, clearCart, myCart, upsertCart, type RejectedLine } from '../../domain/carts/cart-writes.js';
import type { CustomiseChoices } from '../../domain/carts/customise.js';
import { validateCart } from '../../domain/carts/validate-cart.js';
import type { Ctx } from '../../domain/context.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, optionalCustomerField } from '../builder.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { Cart, CartChoices, RejectedCartLine, type CartNode } from './cart-types.js';

/** The same checkout-address rule as REST: private keys only. */
export function cartNode(ctx: Ctx, view: CartView): CartNode {
  const checkoutUrl = ctx.principal.kind === 'private' ? `${ctx.settings.publicUrl}/checkout/${view.cart.id}` : null;
  return { view, currencyCode: ctx.store.currency, checkoutUrl };
}

/** The cart session is the `X-Cart-Session` header, as on REST; a domain field name becomes the input path. */
export const fieldOf = (field: string) => (field === 'sessionToken' ? 'X-Cart-Session' : `input.${field === 'cartItems' ? 'lines' : field}`);

const upsertInput = z.object({ cartItems: cartUpsertShape.cartItems, source: cartUpsertShape.source });
const addInput = z.object({ productId: cartItemAddShape.productId, variantId: cartItemAddShape.variantId, quantity: cartItemAddShape.quantity });
const productRefDescription = 'The product’s uuid, or its slug as product pages name it.';

const CartLineInput = builder.inputType('CartLineInput', {
  fields: (t) => ({
    productId: t.string({ required: true, description: productRefDescription }),
    variantId: t.string({ required: false }),
    quantity: t.int({ required: true }),
  }),
});

const CartUpsertInput = builder.inputType('CartUpsertInput', {
  fields: (t) => ({
    lines: t.field({ type: [CartLineInput], required: true }),
    source: t.string({ required: false }),
  }),
});

const CartItemAddInput = builder.inputType('CartItemAddInput', {
  fields: (t) => ({
    productId: t.string({ required: true, description: productRefDescription }),
    variantId: t.string({ required: false }),
    quantity: t.int({ required: false, description: 'Default 1.' }),
  }),
});

export type Payload<T> = { result: T | null; userErrors: UserErrorShape[] };

const CartUpsertPayload = builder.objectRef<Payload<{ cart: CartNode; rejected: RejectedLine[] }>>('CartUpsertPayload').implement({
  fields: (t) => ({
    cart: t.field({ type: Cart, nullable: true, resolve: (p) => p.result?.cart ?? null }),
    rejectedLines: t.field({ type: [RejectedCartLine], resolve: (p) => p.result?.rejected ?? [] }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const CartItemAddPayload = builder
  .objectRef<Payload<{ cart: CartNode | null; choices: (CustomiseChoices & { currencyCode: string }) | null }>>('CartItemAddPayload')
  .implement({
    description: 'Either `cart` (the line was added) or `choices` (the product is sold by variant: repeat with one of its variant ids).',
    fields: (t) => ({
      cart: t.field({ type: Cart, nullable: true, resolve: (p) => p.result?.cart ?? null }),
      choices: t.field({ type: CartChoices, nullable: true, resolve: (p) => p.result?.choices ?? null }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

export const CartPayload = builder.objectRef<Payload<CartNode>>('CartPayload').implement({
  fields: (t) => ({
    cart: t.field({ type: Cart, nullable: true, resolve: (p) => p.result }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const CartClearPayload = builder.objectRef<Payload<boolean>>('CartClearPayload').implement({
  fields: (t) => ({
    cleared: t.boolean({ resolve: (p) => p.result === true }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

export const ownerRule = 'A customer bearer token names the customer’s cart; signed out, the `X-Cart-Session` header does.';

builder.queryFields((t) => ({
  cart: t.field({
    type: Cart,
    nullable: true,
    ...optionalCustomerField,
    description: `GET /store/cart: the shopper's open cart, or null. ${ownerRule} Without either, a validation_failed error.`,
    resolve: async (_root, _args, { ctx }) => {
      const view = await myCart(ctx);
      return view ? cartNode(ctx, view) : null;
    },
  }),
}));

builder.mutationFields((t) => ({
  cartUpsert: t.field({
    type: CartUpsertPayload,
    ...optionalCustomerField,
    description: `POST /store/cart: the cart becomes exactly the lines the catalogue can sell; the others are in rejectedLines. ${ownerRule}`,
    args: { input: t.arg({ type: CartUpsertInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(async () => {
        const input = parseInput(upsertInput, {
          source: args.input.source ?? undefined,
          cartItems: args.input.lines.map((l) => ({ itemId: l.productId, variantId: l.variantId, quantity: l.quantity })),
        });
        const { view, rejected } = await upsertCart(ctx, { ...input, vendorId: ctx.store.id });
        return { cart: cartNode(ctx, view), rejected };
      }, fieldOf),
  }),
  cartItemAdd: t.field({
    type: CartItemAddPayload,
    ...optionalCustomerField,
    description: `POST /store/cart/items: adds one line and leaves the others. ${ownerRule}`,
    args: { input: t.arg({ type: CartItemAddInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(async () => {
        const input = parseInput(addInput, { productId: args.input.productId, variantId: args.input.variantId, quantity: args.input.quantity ?? undefined });
        const added = await addCartItem(ctx, input);
        return added.result === 'added'
          ? { cart: cartNode(ctx, added.view), choices: null }
          : { cart: null, choices: { ...added.choices, currencyCode: ctx.store.currency } };
      }, fieldOf),
  }),
  cartValidate: t.field({
    type: CartPayload,
    ...optionalCustomerField,
    description: `POST /store/cart/validate: re-checks every line; the findings are kept on the cart. ${ownerRule}`,
    args: { cartId: t.arg({ type: 'UUID', required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(
        async () => {
          const { cartId } = parseInput(z.object({ cartId: cartValidateShape.cartId }), { cartId: args.cartId });
          return cartNode(ctx, await validateCart(ctx, { cartId }));
        },
        (field) => (field === 'sessionToken' ? 'X-Cart-Session' : field),
      ),
  }),
  cartClear: t.field({
    type: CartClearPayload,
    ...optionalCustomerField,
    description: `DELETE /store/cart/clear: empties the cart named, or the open one. ${ownerRule}`,
    args: { cartId: t.arg({ type: 'UUID', required: false }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(
        async () => {
          await clearCart(ctx, { cartId: args.cartId ?? undefined });
          return true;
        },
        (field) => (field === 'sessionToken' ? 'X-Cart-Session' : field),
      ),
  }),
}));
