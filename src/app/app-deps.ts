import type { PaymentProvider } from '../domain/payments/payment-provider.js';
import type { Config } from '../config.js';
import type { Database } from '../platform/database/database.js';
import type { Kv } from '../platform/kv/kv.js';
import type { LiveEvents } from '../platform/live/live-events.js';
import type { MediaServices } from '../domain/media/media-services.js';
import type { Traffic } from '../domain/traffic/traffic-service.js';
import type { CatalogReads } from '../http/response-cache/open-catalog-cache.js';

/** What the transports are built from; one set per process. */
export interface AppDeps {
  config: Config;
  database: Database;
  kv: Kv;
  /** The media library's storage port and limits; by default the local directory and limits of `config.media`. */
  media?: MediaServices;
  /** Signs cursors; shared by every process on the same database. */
  secret: string;
  /** Milliseconds since the epoch; rate-limit windows are read from it (tests pin it inside one window). */
  clock?: () => number;
  /**
   * The demo store's public key (the same at every start on one database), offered in GraphiQL's
   * default headers; never the private one: the page is public. Asked at each page load: the
   * server makes the demo store after it starts listening.
   */
  demoPublicKey?: () => string | undefined;
  /**
   * While the process is still starting, what it is doing ("the demo store"), else null: until
   * then /health/ready and every route but /health/live answer 503. Left out, the app is ready once built.
   */
  starting?: () => string | null;
  /** Where shoppers pay online orders: a provider plugged in, or null for none; left out, `PAYMENT_PROVIDER` decides. */
  payments?: PaymentProvider | null;
  /** The catalogue read cache and the key lookup in front of it; buildApp opens them from `config.responseCache`. */
  catalogReads?: CatalogReads;
  /** The pub/sub of live order updates (GraphQL subscriptions, the hosted order page); buildApp opens it on `config.redisUrl` when left out. */
  live?: LiveEvents;
  /** Storefront page views and their flush to PostgreSQL; buildApp opens it from `config.traffic`, the server starts its flush loop. */
  traffic?: Traffic;
}
