import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { viewCart } from '../domain/carts/cart-view.js';
import { findLiveCartById, type CartWithItems } from '../domain/carts/open-cart.js';
import type { Ctx } from '../domain/context.js';
import { cartAtCheckout } from '../domain/orders/checkout-cart.js';
import { flatDeliveryFee, quoteDelivery } from '../domain/orders/delivery-terms.js';
import { placeOrder } from '../domain/orders/place-order.js';
import { payLinkOf } from '../domain/payments/pay-link.js';
import { ApiError } from '../platform/errors/api-error.js';
import { statusOf } from '../platform/errors/error-codes.js';
import type { AppDeps } from '../app/app-deps.js';
import { uuidPattern } from '../platform/validation/text-rules.js';
import { blankForm, checkoutInputOf, formMessages, formValuesOf, type FormValues } from './checkout-form.js';
import { checkoutNotFound, checkoutPage, orderPlacedPage, type CheckoutState } from './checkout-view.js';
import { hostedContextFor, storeOfCart } from './hosted-context.js';
import { hostedPageHeaders, scriptedPageHeaders } from './html.js';
import { liveStatusScript } from './live-status.js';

type CartRequest = FastifyRequest<{ Params: { cartId: string } }>;

/**
 * The hosted checkout at a cart's `checkout_url`: the cart, a form (delivery or pickup, address,
 * contact, payment, coupon, note) and "Place order", which calls the same `placeOrder` as the
 * storefront API. Plain HTML forms, post-redirect-get: it works without JavaScript.
 */
export function registerCheckoutPage(scope: FastifyInstance, deps: AppDeps) {
  const contextOf = async (request: CartRequest): Promise<Ctx | null> => {
    if (!uuidPattern.test(request.params.cartId)) return null;
    const store = await storeOfCart(deps, request.params.cartId.toLowerCase());
    return store ? hostedContextFor(deps, request, store) : null;
  };
  const send = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);
  const donePath = (request: CartRequest) => `/checkout/${request.params.cartId}/done`;

  const renderForm = async (ctx: Ctx, cart: CartWithItems, values: FormValues, extra: Pick<CheckoutState, 'quote' | 'failure'> = {}) => {
    const [view, flatFee] = await Promise.all([viewCart(ctx, cart), flatDeliveryFee(ctx)]);
    return checkoutPage({ store: ctx.store, view, guest: cart.customerId === null, values, flatFee, ...extra });
  };

  scope.get<{ Params: { cartId: string } }>('/checkout/:cartId', { helmet: hostedPageHeaders }, async (request, reply) => {
    const ctx = await contextOf(request);
    const found = ctx && (await cartAtCheckout(ctx, request.params.cartId));
    if (!ctx || !found) return send(reply, 404, checkoutNotFound);
    // The cart was already ordered (the shopper came back): show that order.
    if (found.kind === 'ordered') return reply.redirect(donePath(request), 303);
    return send(reply, 200, await renderForm(ctx, found.cart, blankForm(ctx.store.disableDelivery ? 'pickup' : 'delivery')));
  });

  scope.post<{ Params: { cartId: string } }>('/checkout/:cartId', { helmet: hostedPageHeaders }, async (request, reply) => {
    const ctx = await contextOf(request);
    const found = ctx && (await cartAtCheckout(ctx, request.params.cartId));
    if (!ctx || !found) return send(reply, 404, checkoutNotFound);
    if (found.kind === 'ordered') return reply.redirect(donePath(request), 303);
    const values = formValuesOf(request.body);
    const intent = (request.body as Record<string, unknown> | undefined)?.intent;
    try {
      const input = checkoutInputOf(found.cart.id, values, found.cart.customerId === null);
      if (intent === 'quote') {
        // Pickup is free and has no address to price: the form comes back as it was.
        const quote = input.deliveryMethod === 'delivery' ? await quoteDelivery(ctx, found.cart.items, input) : undefined;
        return send(reply, 200, await renderForm(ctx, found.cart, values, { quote }));
      }
      await placeOrder(ctx, found.cart, input);
      return reply.redirect(donePath(request), 303);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The failed check may have changed the cart (a revalidation records new prices): show it as it is now.
      const cart = (await findLiveCartById(ctx, found.cart.id)) ?? found.cart;
      // A form error names its fields one per line; any other refusal's message says it all.
      const invalid = error.code === 'validation_failed' && error.fieldErrors !== undefined;
      const failure = invalid ? { message: 'Please check these fields:', details: formMessages(error.fieldErrors!) } : { message: error.message, details: [] };
      return send(reply, statusOf(error.code, 'storefront'), await renderForm(ctx, cart, values, { failure }));
    }
  });

  scope.get<{ Params: { cartId: string } }>('/checkout/:cartId/done', { helmet: scriptedPageHeaders(liveStatusScript) }, async (request, reply) => {
    const ctx = await contextOf(request);
    const found = ctx && (await cartAtCheckout(ctx, request.params.cartId));
    if (!ctx || !found) return send(reply, 404, checkoutNotFound);
    if (found.kind === 'open') return reply.redirect(`/checkout/${request.params.cartId}`, 303);
    return send(reply, 200, orderPlacedPage(ctx.store, found.order, payLinkOf(ctx, found.order)));
  });
}
