import type { CustomerIdentity } from '../auth/customer-identity.js';
import type { Ctx } from '../domain/context.js';
import type { LiveEvents } from '../platform/live/live-events.js';

/** The GraphQL context: the domain context, the same one REST handlers get. */
export interface GraphqlContext {
  ctx: Ctx;
  /**
   * The customer of the request's bearer token, read once and only by fields that declare a
   * customer (a catalogue query sent with a stale token still answers); it sets `ctx.customer`.
   */
  signIn(required: boolean): Promise<CustomerIdentity | undefined>;
  /** The client's address by the trusted-proxy rule, for per-client abuse limits (as REST's kit hands it over). */
  clientIp: string;
  /** The live order events subscriptions listen to (src/platform/live/live-events.ts). */
  live: LiveEvents;
}
