import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app/app-deps.js';
import type { Ctx } from '../domain/context.js';
import { cartAtCheckout } from '../domain/orders/checkout-cart.js';
import { statusLabels } from '../domain/orders/order-states.js';
import type { Order } from '../generated/prisma/client.js';
import { feedOf, type LiveEvents } from '../platform/live/live-events.js';
import { uuidPattern } from '../platform/validation/text-rules.js';
import { hostedContextFor, storeOfCart } from './hosted-context.js';
import { html, type SafeHtml } from './html.js';

/** The words the order page shows for the order's state. */
export const statusTextOf = (order: Pick<Order, 'status'>) => `Status: ${statusLabels[order.status as keyof typeof statusLabels]?.title ?? order.status}`;

/** The status line the script keeps current. */
export const statusLine = (order: Pick<Order, 'status'>): SafeHtml =>
  html`<p role="status" aria-live="polite" data-testid="order-status">${statusTextOf(order)}</p>`;

/**
 * The order page's one script: it listens to the page's own event stream and writes each status it
 * is sent into the status line. EventSource reconnects by itself, and each connection starts with
 * the status as it stands, so a dropped connection loses nothing. Without JavaScript the page still
 * shows the status of its last load.
 */
export const liveStatusScript =
  "new EventSource(location.pathname.replace(/\\/$/, '') + '/events').onmessage = (m) => { document.querySelector('[data-testid=order-status]').textContent = JSON.parse(m.data).text; };";

const eventOf = (order: Pick<Order, 'status'>) => `data: ${JSON.stringify({ status: order.status, text: statusTextOf(order) })}\n\n`;

/**
 * `GET /checkout/{cart}/done/events`: the order's status as Server-Sent Events, first as it stands,
 * then after each committed change of it (from any process, through Redis when the live events are
 * shared). The cart's uuid authorises it, as it does the page: GraphQL's `orderUpdated` wants an
 * API key and a customer token, which a browser's EventSource cannot send and the page does not hold.
 */
export function registerLiveStatus(scope: FastifyInstance, deps: AppDeps, live: LiveEvents) {
  scope.get<{ Params: { cartId: string } }>('/checkout/:cartId/done/events', { compress: false }, async (request, reply) => {
    const cartId = request.params.cartId.toLowerCase();
    const store = uuidPattern.test(cartId) ? await storeOfCart(deps, cartId) : null;
    const ctx: Ctx | null = store && hostedContextFor(deps, request, store);
    const found = ctx && (await cartAtCheckout(ctx, cartId));
    if (!ctx || found?.kind !== 'ordered') return reply.code(404).type('text/plain; charset=utf-8').send('No order was placed from this checkout.');
    const { order } = found;
    const stream = await live.listen(ctx.store.id);
    const statusNow = async () => eventOf(await ctx.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { status: true } }));
    const first = await statusNow().catch(async (error: unknown) => {
      await stream.return?.();
      throw error;
    });
    const feed = feedOf(stream, (event) => (event.orderUid === order.uid ? statusNow() : Promise.resolve(null)), first);
    // A proxy must neither keep nor buffer the stream; every write reaches the browser as it is made.
    reply.header('cache-control', 'no-store').header('x-accel-buffering', 'no').type('text/event-stream; charset=utf-8');
    return reply.send(Readable.from(feed));
  });
}
