import type { FastifyRequest } from 'fastify';
import { createContext, type Ctx } from '../domain/context.js';
import { mediaServices } from '../domain/media/media-services.js';
import type { Store } from '../generated/prisma/client.js';
import type { AppDeps } from '../app/app-deps.js';

/**
 * The domain context of a hosted page. A page's address names a cart or an order (an unguessable
 * uuid, or a signed one), not a key: the record's store is the page's store, and the page acts for
 * the shopper holding the address, with no key scopes.
 */
export function hostedContextFor(deps: AppDeps, request: FastifyRequest, store: Store): Ctx {
  return createContext({
    db: deps.database.prisma,
    kv: deps.kv,
    media: deps.media ?? mediaServices(deps.config),
    store,
    principal: { keyId: 'hosted-page', kind: 'public', mode: store.mode === 'live' ? 'live' : 'test', scopes: new Set(), installation: null },
    requestId: request.id,
    log: request.log,
    secret: deps.secret,
    settings: { cartTtlDays: deps.config.cartTtlDays, publicUrl: deps.config.publicUrl, outboundAllow: deps.config.media.fetchAllow },
    payments: deps.payments,
    now: deps.clock ? new Date(deps.clock()) : undefined,
  });
}

/** The store of an order, by the order's uuid; pages find their store from the record they show. */
export async function storeOfOrder(deps: AppDeps, orderUid: string): Promise<{ store: Store; orderId: number } | null> {
  const order = await deps.database.prisma.order.findUnique({ where: { uid: orderUid }, select: { id: true, store: true } });
  return order ? { store: order.store, orderId: order.id } : null;
}

/** The store of an open cart, by the cart's uuid. */
export async function storeOfCart(deps: AppDeps, cartId: string): Promise<Store | null> {
  const cart = await deps.database.prisma.cart.findUnique({ where: { id: cartId }, select: { store: true } });
  return cart?.store ?? null;
}
