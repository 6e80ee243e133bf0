import { z } from 'zod';
import { cartLinesRemoveShape, cartLinesUpdateShape } from '../../domain/carts/cart-fields.js';
import { removeCartLines, updateCartLines } from '../../domain/carts/cart-line-edits.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, optionalCustomerField } from '../builder.js';
import { asMutationPayload } from '../shared/user-errors.js';
import { CartPayload, cartNode, fieldOf, ownerRule } from './cart-fields.js';

const CartLineQuantityInput = builder.inputType('CartLineQuantityInput', {
  fields: (t) => ({
    productId: t.string({ required: true }),
    variantId: t.string({ required: false, description: 'The line’s variant; leave out for a product sold as itself.' }),
    quantity: t.int({ required: true, description: 'The line’s new quantity; 0 removes the line.' }),
  }),
});

const CartLinesUpdateInput = builder.inputType('CartLinesUpdateInput', {
  fields: (t) => ({ lines: t.field({ type: [CartLineQuantityInput], required: true }) }),
});

const CartLineRefInput = builder.inputType('CartLineRefInput', {
  fields: (t) => ({
    productId: t.string({ required: true }),
    variantId: t.string({ required: false, description: 'The line’s variant; leave out for a product sold as itself.' }),
  }),
});

const CartLinesRemoveInput = builder.inputType('CartLinesRemoveInput', {
  fields: (t) => ({ lines: t.field({ type: [CartLineRefInput], required: true }) }),
});

const allOrNothing = 'All or nothing: a line the cart does not hold, or any other problem, is a userError naming the line, and the cart is left as it was.';

builder.mutationFields((t) => ({
  cartLinesUpdate: t.field({
    type: CartPayload,
    ...optionalCustomerField,
    description: `Sets the quantity of lines the cart holds (0 removes a line), checked against stock as any cart write is; prices come from the catalogue. ${allOrNothing} ${ownerRule}`,
    args: { input: t.arg({ type: CartLinesUpdateInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(async () => {
        const input = parseInput(z.object(cartLinesUpdateShape), args.input);
        return cartNode(ctx, await updateCartLines(ctx, input));
      }, fieldOf),
  }),
  cartLinesRemove: t.field({
    type: CartPayload,
    ...optionalCustomerField,
    description: `Takes lines out of the cart, leaving the others. ${allOrNothing} ${ownerRule}`,
    args: { input: t.arg({ type: CartLinesRemoveInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(async () => {
        const input = parseInput(z.object(cartLinesRemoveShape), args.input);
        return cartNode(ctx, await removeCartLines(ctx, input));
      }, fieldOf),
  }),
}));
