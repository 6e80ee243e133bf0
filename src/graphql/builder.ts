import SchemaBuilder from '@pothos/core';
import DirectivesPlugin from '@pothos/plugin-directives';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { DateTimeResolver, JSONObjectResolver, JSONResolver, UUIDResolver } from 'graphql-scalars';
import { requirePrivateKey, requireScope } from '../auth/requirements.js';
import type { MerchantScope } from '../auth/scopes.js';
import { getDatamodel } from '../generated/pothos-types.js';
import type PrismaTypes from '../generated/pothos-types.js';
import { ApiError } from '../platform/errors/api-error.js';
import type { GraphqlContext } from './graphql-context.js';
import { decodeGlobalId, encodeGlobalId } from './shared/global-id.js';

/** The most ids one `nodes` call refetches. */
export const MAX_NODES = 100;

export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
  AuthScopes: { storeKey: boolean; privateKey: boolean; merchantScope: MerchantScope; customer: boolean; optionalCustomer: boolean };
  Directives: {
    requiresScope: { locations: 'FIELD_DEFINITION'; args: { scope: string } };
    requiresPrivateKey: { locations: 'FIELD_DEFINITION'; args: Record<string, never> };
    requiresCustomer: { locations: 'FIELD_DEFINITION'; args: Record<string, never> };
    readsCustomer: { locations: 'FIELD_DEFINITION'; args: Record<string, never> };
  };
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    UUID: { Input: string; Output: string };
    JSONObject: { Input: Record<string, unknown>; Output: unknown };
    JSON: { Input: unknown; Output: unknown };
    Decimal: { Input: string; Output: string };
    File: { Input: File; Output: never };
  };
}>({
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin, DirectivesPlugin],
  directives: { useGraphQLToolsUnorderedDirectives: true },
  defaultFieldNullability: false,
  prisma: {
    // Resolvers read through the domain layer; the client here is never reached for a query of its own.
    // It is the store's client, which Pothos types as a whole client with $connect although it only reads models.
    client: (context) => context.ctx.db as unknown as { $connect(): Promise<void> },
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
  relay: {
    cursorType: 'String',
    edgesFieldOptions: { nullable: false },
    nodeFieldOptions: { nullable: false },
    encodeGlobalID: encodeGlobalId,
    decodeGlobalID: decodeGlobalId,
    idFieldOptions: { description: 'The global id: opaque, unique across types; `node(id:)` refetches the object, and arguments naming it take it.' },
    nodeTypeOptions: { description: 'An object a client can refetch by its global id with `node(id:)` or `nodes(ids:)`.' },
    // Any valid key reaches node and nodes; each type's loader asks what its own read asks (a scope, a
    // customer token) and reads through the same tenant-scoped finder, so another store's node is null.
    nodeQueryOptions: {
      authScopes: { storeKey: true },
      description: 'The object of this store with this global id, checked as its own read is (its scope or the customer token); null when there is none.',
    },
    nodesQueryOptions: {
      authScopes: { storeKey: true },
      description: `Up to ${MAX_NODES} objects by global id, in order; null for each that names none.`,
      resolve: (_root, args, _context, _info, resolveNodes) => {
        if (args.ids.length > MAX_NODES) throw ApiError.invalidField('ids', `must hold at most ${MAX_NODES} ids`);
        return resolveNodes(args.ids);
      },
    },
  },
  scopeAuth: {
    // The requirements throw the documented error themselves, so GraphQL answers the same code as REST.
    // A request reaches a resolver only with a valid key of the store, which is all storeKey asks.
    authScopes: (context) => ({
      storeKey: true,
      privateKey: () => {
        requirePrivateKey(context.ctx.principal);
        return true;
      },
      merchantScope: (scope: MerchantScope) => {
        requireScope(context.ctx.principal, scope);
        return true;
      },
      customer: async () => Boolean(await context.signIn(true)),
      optionalCustomer: async () => {
        await context.signIn(false);
        return true;
      },
    }),
  },
});

builder.addScalarType('DateTime', DateTimeResolver);
builder.addScalarType('UUID', UUIDResolver);
builder.addScalarType('JSONObject', JSONObjectResolver);
builder.addScalarType('JSON', JSONResolver);
builder.scalarType('Decimal', {
  description: 'An exact decimal amount in the major currency unit, as a string with two places, such as "19.99".',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== 'string' && typeof value !== 'number') throw new ApiError('validation_failed', 'A Decimal is a string such as "19.99".');
    return String(value);
  },
});

builder.scalarType('File', {
  description:
    'An uploaded file, input only: a file part of a multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec) whose variable is null in `operations` and named in `map`.',
  serialize: () => {
    throw new Error('File is an input type only.');
  },
  parseValue: (value) => {
    if (value instanceof File) return value;
    throw new ApiError('validation_failed', 'A File is a file part of a multipart request, its variable null in operations and named in map.');
  },
  parseLiteral: () => {
    throw new ApiError('validation_failed', 'A File is sent as a variable filled by a file part of a multipart request, never written in the query.');
  },
});

/** What a shopper field declares: any valid key of the store. */
export const storeKeyField = { authScopes: { storeKey: true } } as const;

/** What a signed-in shopper's field declares: any valid key of the store and a customer access token, printed as a directive. */
export const customerField = { authScopes: { customer: true }, directives: { requiresCustomer: {} } } as const;

/** A shopper field that reads the customer when a token is sent (carts), printed as a directive. */
export const optionalCustomerField = { authScopes: { optionalCustomer: true }, directives: { readsCustomer: {} } } as const;

/**
 * What a root field whose answer is the store's catalogue and nothing else declares (no customer,
 * cart or merchant data, no clock beyond the discount boundaries the cache keeps to), as a REST
 * route declares `cache: 'catalogue'`: a query whose root fields all declare it is answered from
 * the catalogue cache (src/http/response-cache/graphql-reads.ts).
 */
export const catalogueCacheField = { extensions: { cache: 'catalogue' } } as const;

/** What a merchant field declares: the scope it needs, enforced and printed as a directive in the SDL. */
export function merchantScope(scope: MerchantScope) {
  return { authScopes: { merchantScope: scope }, directives: { requiresScope: { scope } } } as const;
}

/** What the merchant namespace declares: a private key, enforced and printed as a directive. */
export const privateKeyOnly = { authScopes: { privateKey: true }, directives: { requiresPrivateKey: {} } } as const;

builder.queryType({ description: 'Catalogue reads for any valid key of the store; merchant reads under `merchant` for private keys with scopes.' });
builder.mutationType({
  description: 'Merchant writes (each declares the scope it needs) and shopper sign-in; each takes the same input as its REST operation.',
});
