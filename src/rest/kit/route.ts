import type { z } from 'zod';
import type { AuthRequirement } from '../../auth/requirements.js';
import type { Ctx } from '../../domain/context.js';
import type { PageKind } from '../../domain/traffic/page-views.js';

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Request headers the kit reads for handlers, so no handler parses a header itself. */
export interface RequestHeaders {
  /** `Idempotency-Key` of a write; the kit runs every write under it already (idempotent-writes.ts). */
  idempotencyKey?: string;
  /** `X-Cart-Session` of a signed-out shopper's cart. */
  cartSession?: string;
  /** The token of `Authorization: Bearer <token>`. */
  bearerToken?: string;
  /** The client's address by the trusted-proxy rule (src/http/trusted-proxies.ts): what per-client abuse limits count. */
  clientIp: string;
}

export interface RouteInput<Params, Query, Body> {
  params: Params;
  query: Query;
  body: Body;
  headers: RequestHeaders;
}

export interface RestAnswer {
  status?: number;
  body: unknown;
  /** Headers the answer sets, such as `Location` or `Retry-After`; a replay of a write repeats them. */
  headers?: Record<string, string>;
  /** The locale a localized read answered in, sent as Content-Language. */
  contentLanguage?: string;
}

type AnySchema = z.ZodType;

/**
 * One REST operation: its wire schemas (which turn the wire form into the typed domain input),
 * the answer it documents, and the one auth requirement the kit enforces before the handler runs.
 */
export interface RouteDefinition<P extends AnySchema, Q extends AnySchema, B extends AnySchema> {
  method: RestMethod;
  /** Fastify path syntax: `/products/:product`. */
  url: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: AuthRequirement;
  /**
   * Not in the spec's endpoint tables: an operation Bazaar designed where the spec says "not shown"
   * (refresh, sign-out, account, follow, wishlist; the merchant's post writes behind an extension
   * scope), documented in the README. The declared-auth test holds every other route to the spec's tables.
   */
  designed?: true;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The route takes files: its body may also arrive as multipart/form-data, read under the upload
   * limits (src/http/multipart-body.ts). Every other route answers a multipart body with 415.
   */
  uploads?: true;
  /**
   * `catalogue`: a shopper's catalogue read, answered from the catalogue cache while the store's
   * catalogue version and the next discount boundary allow (src/http/response-cache). Only reads
   * whose answer depends on nothing but the store's catalogue, the key and the URL may declare it.
   */
  cache?: 'catalogue';
  /**
   * A storefront page view for traffic analytics (src/domain/traffic): a GET answered 200 counts,
   * from the cache or not; `subject` names the path parameter that names the product read.
   */
  pageView?: { kind: PageKind; subject?: string };
  /** The whole success body (envelope included), documented in OpenAPI and checked by tests. */
  answer: AnySchema;
  /** The success status, 200 unless stated. */
  status?: number;
  /** A second success status with the same answer: 200 beside a 201 when the write finds its record already there (a repeat that updates or keeps it). */
  repeatStatus?: number;
  /**
   * Wire names of domain fields that do not follow the snake_case rule, for validation failures the
   * domain raises (its fields are camelCase): `{ size: 'per_page' }`.
   */
  wireNames?: Record<string, string>;
  handle(ctx: Ctx, input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>): Promise<RestAnswer>;
}

/** A route with its types erased, as the surface registers it. */
export interface RestRoute extends Omit<RouteDefinition<AnySchema, AnySchema, AnySchema>, 'handle'> {
  handle(ctx: Ctx, input: RouteInput<unknown, unknown, unknown>): Promise<RestAnswer>;
}

export function defineRoute<P extends AnySchema = z.ZodUndefined, Q extends AnySchema = z.ZodUndefined, B extends AnySchema = z.ZodUndefined>(
  route: RouteDefinition<P, Q, B>,
): RestRoute {
  return route as unknown as RestRoute;
}
