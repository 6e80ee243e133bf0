// The checkout scenario of npm run bench: carts are filled in-process before the servers start,
// then autocannon places one order per cart over 32 connections, each request naming the next
// prepared cart by its X-Cart-Session. Each server loaded gets carts of its own.
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../src/generated/prisma/client.js';
import type { Database } from '../src/platform/database/database.js';
import type { Figures } from './load.js';
import type { Server } from './servers.js';

export const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 1500);

/** The X-Cart-Session names of one server's carts. */
export const cartSessions = (server: string, count = CHECKOUTS) => Array.from({ length: count }, (_, i) => `bench-cart-${server}-${i}`);

/**
 * How many products the carts buy, in turn (default 1: every order queues on that product's row, as in a sale of one
 * item; more spread the orders so they queue on the store's order counter and the server alone).
 */
export const CHECKOUT_PRODUCTS = Number(process.env.BENCH_CHECKOUT_PRODUCTS ?? 1);

/** Products nobody runs out of, and a guest cart of two units of one of them per session, ready to check out (pickup, cash). */
export async function prepareCarts(app: FastifyInstance, database: Database, store: Store, publicKey: string, sessions: string[]): Promise<void> {
  if (!Number.isInteger(CHECKOUT_PRODUCTS) || CHECKOUT_PRODUCTS < 1) throw new Error(`BENCH_CHECKOUT_PRODUCTS must be a whole number from 1`);
  await database.prisma.store.update({ where: { id: store.id }, data: { pickupEnabled: true } });
  const products = await database.prisma.product.findMany({
    where: { storeId: store.id, published: true, status: 'active', deletedAt: null, variants: { none: {} }, trackInventory: true },
    orderBy: { pId: 'asc' },
    take: CHECKOUT_PRODUCTS,
  });
  if (products.length < CHECKOUT_PRODUCTS) throw new Error(`the store has ${products.length} products sold as themselves, fewer than BENCH_CHECKOUT_PRODUCTS`);
  await database.prisma.product.updateMany({ where: { id: { in: products.map((p) => p.id) } }, data: { stock: 10_000_000, inStock: true } });
  for (const [i, session] of sessions.entries()) {
    const product = products[i % products.length]!;
    const res = await app.inject({
      method: 'POST',
      url: '/v1/store/cart',
      headers: { 'x-client-key': publicKey, 'content-type': 'application/json', 'x-cart-session': session },
      payload: { vendor_id: store.id, cart_items: [{ item_id: product.id, quantity: 2 }] },
    });
    if (res.statusCode !== 200) throw new Error(`bench cart ${session} failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
}

/** Places one order per prepared cart against a started server; orders per second, latency, the server's CPU per order, and how many were answered 503. */
export async function loadCheckouts(server: Pick<Server, 'url' | 'cpuMs'>, publicKey: string, sessions: string[]): Promise<Figures> {
  const baseUrl = server.url;
  const cpuBefore = server.cpuMs();
  let next = 0;
  let firstFailure: string | undefined;
  const body = JSON.stringify({ delivery_method: 'pickup', payment_method: 'cash', contact: { name: 'Bench', email: 'bench@example.com' } });
  const result = await autocannon({
    url: `${baseUrl}/v1/store/checkout`,
    connections: 32,
    timeout: 60,
    amount: sessions.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          body,
          headers: { 'x-client-key': publicKey, 'content-type': 'application/json', 'x-cart-session': sessions[next++]! },
        }),
        onResponse: (status, answer) => {
          if (status >= 300 && status !== 503) firstFailure ??= `${status} ${answer.slice(0, 300)}`;
        },
      },
    ],
  });
  // A 503 is the server shedding load, as it should under saturation; anything else that is not a 2xx is a failure.
  const unavailable = result.statusCodeStats?.['503']?.count ?? 0;
  if (result.non2xx - unavailable || result.errors) {
    throw new Error(
      `checkout: ${result.non2xx} non-2xx answers (${unavailable} of them 503), ${result.errors} errors (${result.timeouts} timeouts), ${result.requests.total} answered; the first: ${firstFailure}`,
    );
  }
  const cpuUsed = server.cpuMs() - cpuBefore;
  return {
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    unavailable,
    ...(result.requests.total ? { cpuUsPerRequest: Math.round((cpuUsed * 1000) / result.requests.total) } : {}),
  };
}

/**
 * Places BENCH_CHECKOUTS orders on each server `rounds` times, the servers taking turns to go first
 * as the reads do, each round on the next of its prepared carts; each round's figures by server label.
 */
export async function checkoutInRounds(
  servers: Server[],
  publicKey: string,
  carts: Record<string, string[]>,
  rounds: number,
): Promise<Record<string, Figures>[]> {
  const figures: Record<string, Figures>[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const measured: Record<string, Figures> = {};
    for (const server of round % 2 ? [...servers].reverse() : servers) {
      measured[server.label] = await loadCheckouts(server, publicKey, carts[server.label]!.slice(round * CHECKOUTS, (round + 1) * CHECKOUTS));
    }
    figures.push(measured);
    console.error(
      `checkout, round ${round + 1}: ${servers.map((s) => `${s.label} ${measured[s.label]!.requestsPerSecond} orders/s, p50 ${measured[s.label]!.p50Ms} ms, ${measured[s.label]!.cpuUsPerRequest ?? '?'} µs CPU each`).join('; ')}`,
    );
  }
  return figures;
}
