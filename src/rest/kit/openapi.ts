import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { describeRequirement } from '../../auth/requirements.js';
import { failureSchema, vendorAccessDeniedSchema } from './failure-schema.js';
import { idempotencyDocs, isWrite } from './idempotent-writes.js';
import type { RestRoute } from './route.js';

export interface ApiDescription {
  title: string;
  version: string;
  description: string;
  /** The public base of the surface, such as `https://bazaar.example/v1`. */
  serverUrl: string;
  routes: RestRoute[];
}

const failure = (description: string) => ({ description, content: { 'application/json': { schema: failureSchema } } });

/**
 * A merchant operation (every one requires a scope, checkDeclaredAuth) may also refuse an X-Store-Id
 * naming another store, in the spec's older body.
 */
const merchantForbidden = {
  description:
    "The key may not call this operation (plan, private key or scope), or X-Store-Id names another store than the key's: VENDOR_ACCESS_DENIED in the older body {error, message}.",
  content: { 'application/json': { schema: z.union([failureSchema, vendorAccessDeniedSchema]) } },
};

/** Failures every operation can answer; validation and not-found are added where they apply. */
const commonFailures = {
  '401': failure('No key, or a key that is unknown, revoked, expired or of the wrong mode.'),
  '403': failure('The key may not call this operation (origin, plan, private key or scope).'),
  '429': failure('Rate limited; honour Retry-After.'),
  default: failure('Any other failure, in the same envelope.'),
};

/** The key always; a customer's bearer token as well on (C) operations, or as an alternative on optional ones. */
function securityOf(route: RestRoute, scopes: string[]): Record<string, string[]>[] {
  if (route.auth.kind === 'customer') return [{ clientKey: scopes, customerBearer: [] }];
  if (route.auth.kind === 'optionalCustomer') return [{ clientKey: scopes }, { clientKey: scopes, customerBearer: [] }];
  return [{ clientKey: scopes }];
}

function operationOf(route: RestRoute): ZodOpenApiOperationObject {
  const scopes = route.auth.kind === 'scope' ? [route.auth.scope] : [];
  const write = isWrite(route);
  const requestParams: { path?: z.ZodObject; query?: z.ZodObject; header?: z.ZodObject } = {};
  if (route.params) requestParams.path = route.params as z.ZodObject;
  if (route.query) requestParams.query = route.query as z.ZodObject;
  if (write) requestParams.header = idempotencyDocs.header;
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: [route.description, `Requires: ${describeRequirement(route.auth)}.`].filter(Boolean).join('\n\n'),
    tags: [route.tag],
    security: securityOf(route, scopes),
    ...(route.auth.kind === 'scope' ? { 'x-required-scope': route.auth.scope } : {}),
    requestParams,
    ...(route.body
      ? {
          requestBody: { content: { 'application/json': { schema: route.body }, ...(route.uploads ? { 'multipart/form-data': { schema: route.body } } : {}) } },
        }
      : {}),
    responses: {
      [String(route.status ?? 200)]: {
        description: route.summary,
        content: { 'application/json': { schema: route.answer } },
        ...(write ? { headers: idempotencyDocs.answerHeaders } : {}),
      },
      ...(route.repeatStatus
        ? {
            [String(route.repeatStatus)]: {
              description: 'The record was already there: the same answer, for the record as this call left it.',
              content: { 'application/json': { schema: route.answer } },
              ...(write ? { headers: idempotencyDocs.answerHeaders } : {}),
            },
          }
        : {}),
      ...(route.method === 'GET' ? { '304': { description: 'Not modified: the If-None-Match ETag still holds.' } } : {}),
      ...(route.params ? { '404': failure('No such record in this store.') } : {}),
      ...(write ? { '409': failure(idempotencyDocs.conflictDescription) } : {}),
      ...(route.query || route.body || write ? { '422': failure('Invalid input; error.errors names each offending field.') } : {}),
      ...commonFailures,
      ...(route.auth.kind === 'scope' ? { '403': merchantForbidden } : {}),
    },
  };
}

/** An OpenAPI 3.1 document of one REST surface, generated from the routes' own schemas. */
export function openApiDocument(api: ApiDescription) {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of api.routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: { title: api.title, version: api.version, description: api.description },
    servers: [{ url: api.serverUrl }],
    components: {
      securitySchemes: {
        clientKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Client-Key',
          description:
            'The store API key: public (pk_) from allowed origins, or private (sk_) with scopes. The scopes an operation lists are what the key must carry.',
        },
        customerBearer: {
          type: 'http',
          scheme: 'bearer',
          description: "A signed-in customer's access_token from any session answer, bound to the store that issued it.",
        },
      },
    },
    paths,
  });
}
