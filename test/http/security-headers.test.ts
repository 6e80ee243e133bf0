import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyHtmlPageHeaders, cspHashOf, htmlPageHeaders, registerSecurityHeaders } from '../../src/http/security-headers.js';
import { call, get, graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// HTML pages Bazaar serves carry a Content-Security-Policy they work under, refuse framing and
// sniffing; every JSON answer carries at least X-Content-Type-Options: nosniff.

let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
});
afterAll(() => t.close());

const pageHeaders = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('GET /docs/errors', () => {
  it('carries the page headers: only its own stylesheet loads, nothing may frame it', async () => {
    const res = await get(t.app, '/docs/errors');
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject(pageHeaders);
    // Its one stylesheet is inline, allowed by its hash; nothing else may load.
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.raw)![1]!;
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'none';style-src ${cspHashOf(style)};base-uri 'none';form-action 'none';frame-ancestors 'none'`,
    );
    expect(res.raw).not.toMatch(/<script|style=/);
  });
});

describe('JSON answers', () => {
  it.each([
    ['a storefront success', () => get(t.app, '/v1/store/info', shop.publicKey)],
    ['a storefront failure', () => get(t.app, '/v1/store/info')],
    ['a merchant success', () => get(t.app, '/api/v1/merchant/store', shop.privateKey)],
    ['an unknown path', () => get(t.app, '/nowhere')],
    ['a GraphQL answer', () => graphql(t.app, shop.publicKey, '{ shop { name } }')],
    ['a GraphQL refusal', () => graphql(t.app, undefined, '{ shop { name } }')],
    [
      'a preflight',
      () => call(t.app, { method: 'OPTIONS', url: '/v1/store/info', headers: { origin: 'https://a.example', 'access-control-request-method': 'GET' } }),
    ],
  ])('%s carries X-Content-Type-Options: nosniff and no page policy', async (_name, request) => {
    const res = await request();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});

describe('The helper for pages to come (the API reference)', () => {
  const app = Fastify({ logger: false });
  const inline = "document.title = 'Reference';";
  beforeAll(async () => {
    await registerSecurityHeaders(app);
    // A route of our own takes the headers as a route option.
    app.get('/docs/own', { helmet: htmlPageHeaders({ script: ["'self'", cspHashOf(inline)], style: ["'self'"] }) }, async (_request, reply) =>
      reply.type('text/html').send(`<!doctype html><script>${inline}</script>`),
    );
    // Routes a plugin declares get them from a hook in the plugin's scope.
    await app.register(async (scope) => {
      scope.addHook('onRequest', async (_request, reply) => applyHtmlPageHeaders(reply, { img: ["'self'", 'data:'] }));
      scope.get('/docs/plugin', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('as a route option: the sources named, inline scripts by hash', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/own' });
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'none';script-src 'self' ${cspHashOf(inline)};style-src 'self';base-uri 'none';form-action 'none';frame-ancestors 'none'`,
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("from a hook in a plugin's scope", async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/plugin' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';img-src 'self' data:;base-uri 'none';form-action 'none';frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
