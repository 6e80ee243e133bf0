import { optionalCustomer } from '../../../auth/requirements.js';
import type { CartView } from '../../../domain/carts/cart-view.js';
import { addCartItem, clearCart, myCart, upsertCart } from '../../../domain/carts/cart-writes.js';
import { validateCart } from '../../../domain/carts/validate-cart.js';
import type { Ctx } from '../../../domain/context.js';
import { cartDeliveryOf } from '../../../domain/orders/cart-delivery.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { messageOnlyAnswer } from '../auth/schemas.js';
import { presentCart, presentCustomise, presentRejectedLine } from './presenters.js';
import { cartAnswer, cartClearQuery, cartItemAddAnswer, cartItemAddBody, cartsAnswer, cartUpsertAnswer, cartUpsertBody, cartValidateBody } from './schemas.js';

const ownerRule =
  'A customer bearer token names the customer’s cart, and any session value is then ignored. Signed out, the cart is the one of `X-Cart-Session` ' +
  '(or, when that header is absent, the body’s `session_token`); with neither, 422 validation_failed on session_token.';

/**
 * The checkout address is handed to private keys only: a server holding one sends the shopper
 * there, while a public key runs in the shopper's browser, which has no use for it.
 */
async function present(ctx: Ctx, view: CartView) {
  const checkoutUrl = ctx.principal.kind === 'private' ? `${ctx.settings.publicUrl}/checkout/${view.cart.id}` : undefined;
  return presentCart(view, await cartDeliveryOf(ctx, view.cart.items), ctx.store, ctx.now, checkoutUrl);
}

export const cartRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/cart',
    operationId: 'getCart',
    tag: 'Cart',
    summary: "The shopper's open cart at this store, priced at today's catalogue prices",
    description: `${ownerRule} \`data\` holds the one open cart, or is empty. \`checkout_url\` comes with private keys only.`,
    auth: optionalCustomer,
    answer: cartsAnswer,
    handle: async (ctx) => {
      const view = await myCart(ctx);
      const carts = view ? [await present(ctx, view)] : [];
      return { body: { ...single(carts.length ? 'Cart found' : 'No open cart', carts), meta: { total_carts: carts.length } } };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/store/cart',
    operationId: 'upsertCart',
    tag: 'Cart',
    summary: 'Replace the whole cart with the lines sent',
    description:
      `${ownerRule} Titles and prices sent are ignored: every line is priced from the catalogue. Lines the catalogue cannot sell as asked ` +
      'are left out and listed in `meta.rejected_items`; duplicate lines of one product and variant add up.',
    auth: optionalCustomer,
    body: cartUpsertBody,
    answer: cartUpsertAnswer,
    handle: async (ctx, { body }) => {
      const { view, rejected } = await upsertCart(ctx, body);
      return { body: { ...single('Cart saved', await present(ctx, view)), meta: { rejected_items: rejected.map(presentRejectedLine) } } };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/store/cart/items',
    operationId: 'addCartItem',
    tag: 'Cart',
    summary: 'Add one line to the cart, leaving the others',
    description:
      `${ownerRule} A product sold by variant, sent without variant_id, answers \`result: customise\` with its options and variants; ` +
      'repeat the call with the chosen variant_id. Adding a line the cart holds adds to its quantity.',
    auth: optionalCustomer,
    body: cartItemAddBody,
    answer: cartItemAddAnswer,
    handle: async (ctx, { body }) => {
      const added = await addCartItem(ctx, body);
      if (added.result === 'customise') return { body: single('Choose a variant', presentCustomise(added.choices)) };
      return { body: single('Added to the cart', { result: 'added', cart: await present(ctx, added.view) }) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/store/cart/validate',
    operationId: 'validateCart',
    tag: 'Cart',
    summary: 'Re-check every line against current stock, publication and price',
    description:
      `${ownerRule} The findings are kept on the cart (\`is_valid\`, \`validation_errors\`, \`last_validated_at\`); lines are left as they are. ` +
      'A price change is reported once: the price shown becomes the one the next validation compares with. Another shopper’s cart_id is a 404.',
    auth: optionalCustomer,
    body: cartValidateBody,
    answer: cartAnswer,
    handle: async (ctx, { body }) => {
      const view = await validateCart(ctx, body);
      return { body: single(view.cart.isValid ? 'The cart is valid' : 'The cart has changed', await present(ctx, view)) };
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/store/cart/clear',
    operationId: 'clearCart',
    tag: 'Cart',
    summary: 'Remove every line of the cart',
    description: `${ownerRule} Without cart_id, the shopper's open cart (none is nothing to clear); another shopper's cart_id is a 404.`,
    auth: optionalCustomer,
    query: cartClearQuery,
    answer: messageOnlyAnswer,
    handle: async (ctx, { query }) => {
      await clearCart(ctx, { cartId: query.cart_id });
      return { body: { status: 'success', message: 'The cart is empty' } };
    },
  }),
];
