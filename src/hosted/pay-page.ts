import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isPayPageSignature } from '../domain/payments/test-provider.js';
import { isPayable } from '../domain/orders/order-process.js';
import { settlePayment } from '../domain/payments/settle-payment.js';
import { orderInclude } from '../domain/orders/order-record.js';
import type { AppDeps } from '../app/app-deps.js';
import { uuidPattern } from '../platform/validation/text-rules.js';
import { hostedContextFor, storeOfOrder } from './hosted-context.js';
import { hostedPageHeaders, html, page } from './html.js';
import { orderTable } from './order-summary.js';

const outcomeBody = z.object({ outcome: z.enum(['paid', 'failed']) });

/**
 * The built-in test provider's pay page: the order, and "Pay" or "Decline", which settle it as a
 * real provider's callback would. Its address carries an HMAC of the order's uuid, so only the
 * link Bazaar handed out opens it; anything else is a plain 404 page.
 */
export function registerPayPage(scope: FastifyInstance, deps: AppDeps) {
  const resolve = async (params: { uid: string; sig: string }) => {
    if (!uuidPattern.test(params.uid) || !isPayPageSignature(deps.secret, params.uid.toLowerCase(), params.sig)) return null;
    return storeOfOrder(deps, params.uid.toLowerCase());
  };
  const notFound = page('Not found', html`<h1>This payment link is not valid.</h1>`);

  scope.get<{ Params: { uid: string; sig: string } }>('/pay/test/:uid/:sig', { helmet: hostedPageHeaders }, async (request, reply) => {
    const found = await resolve(request.params);
    reply.type('text/html; charset=utf-8');
    if (!found) return reply.code(404).send(notFound);
    const ctx = hostedContextFor(deps, request, found.store);
    const order = await ctx.db.order.findUniqueOrThrow({ where: { id: found.orderId }, include: orderInclude });
    const state = isPayable(order)
      ? html`${order.paymentStatus === 'failed' ? html`<p class="error" role="alert">The last payment attempt failed. You can try again.</p>` : ''}
          <form method="post">
            <button name="outcome" value="paid">Pay ${order.total.toFixed(2)} ${order.currency}</button> <button name="outcome" value="failed">Decline</button>
          </form>
          <p class="note">Test payments: no money moves.</p>`
      : html`<p role="status" data-testid="payment-state">
          ${order.paymentStatus === 'paid' ? 'This order is paid. Thank you!' : 'This order does not take a payment now.'}
        </p>`;
    return page(
      `Pay order #${order.number} · ${found.store.name}`,
      html`<h1>${found.store.name}</h1>
        <h2>Order #${order.number}</h2>
        ${orderTable(order)}${state}`,
    );
  });

  scope.post<{ Params: { uid: string; sig: string } }>('/pay/test/:uid/:sig', { helmet: hostedPageHeaders }, async (request, reply) => {
    const found = await resolve(request.params);
    if (!found) return reply.code(404).type('text/html; charset=utf-8').send(notFound);
    const body = outcomeBody.safeParse(request.body);
    if (body.success) await settlePayment(hostedContextFor(deps, request, found.store), found.orderId, body.data.outcome);
    // Post, then redirect, then get: a reload shows the outcome instead of sending the form again.
    return reply.redirect(request.url, 303);
  });
}
