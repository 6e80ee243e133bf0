import type { FastifyRequest } from 'fastify';
import { authenticate } from '../auth/authenticate.js';
import { databaseKeyLookup } from '../auth/key-lookup.js';
import { authenticateCustomer, type CustomerIdentity } from '../auth/customer-identity.js';
import { createContext, type Ctx } from '../domain/context.js';
import { mediaServices } from '../domain/media/media-services.js';
import type { Surface } from '../platform/errors/error-codes.js';
import type { AppDeps } from '../app/app-deps.js';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * Authenticates the request's key by the surface's rules and builds the domain context every face
 * hands its domain calls. A catalogue read (a REST route or GraphQL query the catalogue cache may
 * answer) gets the store's catalogue snapshot, cache or not; any other request reads the database,
 * since one that writes could otherwise read its own write back from before it.
 */
export async function contextFor(deps: AppDeps, request: FastifyRequest, surface: Surface, catalogueRead = false): Promise<Ctx> {
  const findKey = deps.catalogReads?.findKey ?? databaseKeyLookup(deps.database.prisma);
  // One clock reading for the whole request, the key's expiry included.
  const now = deps.clock ? new Date(deps.clock()) : new Date();
  const snapshots = catalogueRead ? deps.catalogReads?.snapshots : undefined;
  const { store, principal, tokens, ...found } = await authenticate(
    findKey,
    surface,
    { clientKey: header(request, 'x-client-key'), origin: header(request, 'origin'), storeHeader: header(request, 'x-store-id') },
    now,
    Boolean(snapshots),
  );
  return createContext({
    db: deps.database.prisma,
    kv: deps.kv,
    media: deps.media ?? mediaServices(deps.config),
    store,
    principal,
    requestId: request.id,
    log: request.log,
    secret: deps.secret,
    settings: { cartTtlDays: deps.config.cartTtlDays, publicUrl: deps.config.publicUrl, outboundAllow: deps.config.media.fetchAllow },
    cartSession: header(request, 'x-cart-session'),
    payments: deps.payments,
    now,
    catalog: snapshots && tokens ? snapshots.snapshot(store.id, tokens, found) : undefined,
  });
}

/** The signed-in customer of an access token; looked up across stores, so another store's token answers 403 rather than 401. */
export function customerOfToken(deps: AppDeps, ctx: Ctx, token: string | undefined): Promise<CustomerIdentity> {
  return authenticateCustomer(deps.database.prisma, ctx.store, token, ctx.now);
}
