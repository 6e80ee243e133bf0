import type { FastifyBaseLogger } from 'fastify';
import type { CustomerIdentity } from '../auth/customer-identity.js';
import type { Principal } from '../auth/principal.js';
import type { Store } from '../generated/prisma/client.js';
import type { Db } from '../platform/database/database.js';
import { storeClientOf, type StoreDb } from '../platform/database/store-scoped-client.js';
import type { Kv } from '../platform/kv/kv.js';
import type { CatalogSnapshot } from './catalog/catalog-snapshot.js';
import type { MediaServices } from './media/media-services.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import { testPaymentProvider } from './payments/test-provider.js';
import { createLoaders, type Loaders } from './loaders.js';
import type { Outbox } from './outbox.js';
import { transactorOf, type Transactor } from './transactor.js';

/** The settings of src/config.ts that domain rules read. */
export interface DomainSettings {
  cartTtlDays: number;
  /** The address clients reach Bazaar at (`PUBLIC_URL`), for links an answer hands out, such as a cart's checkout address. */
  publicUrl: string;
  /** `host:port` pairs an outgoing call may reach although internal (`MEDIA_FETCH_ALLOW`): webhook addresses are checked against the same guard as downloads. */
  outboundAllow: readonly string[];
}

/** Everything a domain function may touch for one request; nothing lives outside it. */
export interface Ctx {
  /** The request's store and nothing else (platform/database/store-scoped-client.ts); inside `withTransaction`, the transaction's. */
  db: StoreDb;
  kv: Kv;
  /** The media library's storage, public address and limits. */
  media: MediaServices;
  store: Store;
  principal: Principal;
  /** The signed-in customer, on operations that read one (auth requirement `customer` or `optionalCustomer`). */
  customer?: CustomerIdentity;
  requestId: string;
  log: FastifyBaseLogger;
  /** Signs cursors. */
  secret: string;
  /** One clock reading per request, so a request sees one consistent "now". */
  now: Date;
  loaders: Loaders;
  transact: Transactor;
  /** Deployment settings domain rules read (`CART_TTL_DAYS`, …). */
  settings: DomainSettings;
  /** Where shoppers pay online orders; null where the deployment takes no online payment. */
  payments: PaymentProvider | null;
  /** Present inside `withTransaction` only: the domain events written at its commit. */
  outbox?: Outbox;
  /** The signed-out shopper's cart session (`X-Cart-Session`), which a sign-in merges into the customer's cart. */
  cartSession?: string;
  /** The store's catalogue version as a catalogue read found it, with what is known at it (catalog-snapshot.ts); never inside a transaction. */
  catalog?: CatalogSnapshot;
}

export type ContextInput = Omit<Ctx, 'db' | 'now' | 'loaders' | 'transact' | 'outbox' | 'payments'> & {
  /** The deployment's payment provider (null: none); the built-in test provider when left out. */
  payments?: PaymentProvider | null;
  /** The unscoped client; the context hands out only the store's view of it. */
  db: Db;
  /** The request's clock reading; tests pin it to step through expiries. */
  now?: Date;
};

export function createContext(input: ContextInput): Ctx {
  const db = storeClientOf(input.db, input.store.id);
  const now = input.now ?? new Date();
  return {
    ...input,
    db,
    now,
    payments: input.payments === undefined ? testPaymentProvider : input.payments,
    loaders: createLoaders(db, now, input.catalog),
    transact: transactorOf(input.db, db),
  };
}

/** The signed-in customer; operations that declare `customer` always have one, the kit saw to it. */
export function signedInCustomer(ctx: Ctx): CustomerIdentity {
  if (!ctx.customer) throw new Error('signedInCustomer called on an operation that does not declare the customer requirement');
  return ctx.customer;
}
