import Fastify from 'fastify';
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { describe, expect, it } from 'vitest';
import { scope, storeKey } from '../../../src/auth/requirements.js';
import { extensionScopes } from '../../../src/auth/scopes.js';
import { assertDeclaredAuth, buildSchema } from '../../../src/graphql/schema.js';
import { checkDeclaredAuth } from '../../../src/rest/kit/surface.js';
import type { RestRoute } from '../../../src/rest/kit/route.js';
import { merchantRoutes } from '../../../src/rest/merchant/routes.js';
import { storefrontRoutes } from '../../../src/rest/storefront/routes.js';
import { merchantScopeTable, specPath, storefrontEndpoints } from '../../support/spec-tables.js';
import { z } from 'zod';

const route = (overrides: Partial<RestRoute>): RestRoute => ({
  method: 'GET',
  url: '/thing',
  operationId: 'thing',
  summary: 'A thing',
  tag: 'Test',
  auth: storeKey,
  answer: z.object({}),
  handle: async () => ({ body: {} }),
  ...overrides,
});

describe('Every merchant route requires the scope of the spec’s scope table', () => {
  const table = merchantScopeTable();
  it.each(merchantRoutes.filter((r) => !r.designed).map((r) => [`${r.method} ${specPath(r.url)}`, r]))('%s', (operation, r) => {
    expect(table.has(operation), `${operation} is not in docs/merchant-api.md's scope table`).toBe(true);
    expect(r.auth).toEqual(scope(table.get(operation) as never));
  });
});

describe('Every merchant route Bazaar designed is outside the spec’s table and needs the scope of its resource’s writes or an extension scope', () => {
  const table = merchantScopeTable();
  it.each(merchantRoutes.filter((r) => r.designed).map((r) => [`${r.method} ${specPath(r.url)}`, r]))('%s', (operation, r) => {
    expect(table.has(operation), `${operation} is in the spec: drop its designed flag`).toBe(false);
    // PATCH /metaobjects/{id} is a write of /metaobjects: it needs what POST /metaobjects needs. A
    // resource the spec has no writes for (posts, webhooks) needs a scope of Bazaar's extensions.
    const collection = `POST ${specPath(r.url).replace(/\/\{[^}]+\}$/, '')}`;
    if (table.has(collection)) expect(r.auth).toEqual(scope(table.get(collection) as never));
    else expect(r.auth.kind === 'scope' && (extensionScopes as readonly string[]).includes(r.auth.scope), operation).toBe(true);
  });

  it('no extension scope is a scope of the spec’s table', () => {
    const specScopes = new Set(merchantScopeTable().values());
    for (const name of extensionScopes) expect(specScopes.has(name), name).toBe(false);
  });
});

describe('Every storefront route requires what the spec’s endpoint tables say', () => {
  const endpoints = storefrontEndpoints();
  const specified = storefrontRoutes.filter((r) => !r.designed);
  it.each(specified.map((r) => [`${r.method} ${specPath(r.url)}`, r]))('%s', (operation, r) => {
    const row = endpoints.get(operation);
    expect(row, `${operation} is not in docs/storefront-api.md's endpoint tables`).toBeDefined();
    // (C) operations need a signed-in customer as well as the key; the others any valid key of the
    // store, and read a customer only when a token is sent (carts).
    if (row!.customer) expect(r.auth.kind).toBe('customer');
    else expect(['storeKey', 'optionalCustomer']).toContain(r.auth.kind);
  });
});

describe('Every storefront route Bazaar designed is outside the spec’s tables and says what it needs', () => {
  const endpoints = storefrontEndpoints();
  it('holds for each of them', () => {
    for (const r of storefrontRoutes.filter((route) => route.designed)) {
      const operation = `${r.method} ${specPath(r.url)}`;
      expect(endpoints.has(operation), `${operation} is in the spec: drop its designed flag`).toBe(false);
      expect(['storeKey', 'customer', 'optionalCustomer'], operation).toContain(r.auth.kind);
    }
  });
});

describe('Deny by default at start-up', () => {
  it('refuses a route that declares no requirement', () => {
    expect(() => checkDeclaredAuth('storefront', route({ auth: undefined as never }))).toThrow('GET /thing declares no auth requirement');
  });

  it('refuses a merchant route without a scope', () => {
    expect(() => checkDeclaredAuth('merchant', route({ auth: storeKey }))).toThrow('merchant route GET /thing must require a scope');
  });

  it('refuses a storefront route that asks for a merchant scope', () => {
    expect(() => checkDeclaredAuth('storefront', route({ auth: scope('merchant-items-read') }))).toThrow('must require a store key');
  });

  it('accepts the routes this release serves', () => {
    for (const r of storefrontRoutes) expect(() => checkDeclaredAuth('storefront', r)).not.toThrow();
    for (const r of merchantRoutes) expect(() => checkDeclaredAuth('merchant', r)).not.toThrow();
  });

  it('stops the app from building when a surface holds an undeclared route', async () => {
    const { registerSurface } = await import('../../../src/rest/kit/surface.js');
    const app = Fastify();
    expect(() =>
      registerSurface(app, {} as never, {
        surface: 'merchant',
        prefix: '/x',
        routes: [route({ auth: storeKey })],
        rateLimitPerMinute: 0,
        notFound: () => new Error() as never,
      }),
    ).toThrow('must require a scope');
    await app.close();
  });
});

describe('Every GraphQL entry field declares its requirement', () => {
  it('holds for the schema this release serves', () => {
    expect(() => buildSchema()).not.toThrow();
  });

  it('refuses a root field without one', () => {
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: { open: { type: GraphQLString, resolve: () => 'x' } } }),
    });
    expect(() => assertDeclaredAuth(schema)).toThrow('GraphQL field Query.open declares no auth requirement');
  });
});
