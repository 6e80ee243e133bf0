import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantRoutes } from '../../../src/rest/merchant/routes.js';
import { storefrontRoutes } from '../../../src/rest/storefront/routes.js';
import type { RestRoute } from '../../../src/rest/kit/route.js';
import { get } from '../../support/http.js';
import { specPath } from '../../support/spec-tables.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const surfaces: [string, string, RestRoute[]][] = [
  ['storefront', '/openapi/storefront.json', storefrontRoutes],
  ['merchant', '/openapi/merchant.json', merchantRoutes],
];

describe.each(surfaces)('GET /openapi/%s.json', (_name, url, routes) => {
  let doc: any;
  beforeAll(async () => {
    const res = await get(t.app, url);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    doc = res.body;
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc));
    expect(result, JSON.stringify(result)).toMatchObject({ valid: true, warnings: [] });
  });

  it('names the server and the key header as its security scheme', () => {
    expect(doc.servers[0].url).toMatch(/^http:\/\/bazaar\.test\/(v1|api\/v1\/merchant)$/);
    expect(doc.components.securitySchemes.clientKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Client-Key' });
    expect(doc.components.securitySchemes.customerBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r]))('holds %s with its parameters, answers, failures and requirement', (_label, route) => {
    const operation = doc.paths[specPath(route.url)]?.[route.method.toLowerCase()];
    expect(operation, `${route.method} ${route.url} missing`).toBeDefined();
    expect(operation.operationId).toBe(route.operationId);
    const key = { clientKey: route.auth.kind === 'scope' ? [route.auth.scope] : [] };
    // (C) operations need the customer's bearer token as well; optional ones take it when the shopper is signed in.
    const security = { customer: [{ ...key, customerBearer: [] }], optionalCustomer: [key, { ...key, customerBearer: [] }] } as Record<string, unknown>;
    expect(operation.security).toEqual(security[route.auth.kind] ?? [key]);
    const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
    expect(operation.parameters?.filter((p: any) => p.in === 'path').map((p: any) => p.name) ?? []).toEqual(pathParams);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining([String(route.status ?? 200), '401', '403', '429', 'default']));
    for (const status of [route.status ?? 200, ...(route.repeatStatus ? [route.repeatStatus] : [])]) {
      expect(operation.responses[String(status)].content['application/json'].schema).toBeDefined();
    }
    expect(operation.responses.default.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Failure' });
  });

  it('declares the 200 of every write that answers one when its record is already there', () => {
    const repeats = routes.filter((r) => r.repeatStatus).map((r) => `${r.method} ${r.url}`);
    expect(repeats.length).toBeGreaterThan(0);
    for (const label of repeats) {
      const [method, url] = label.split(' ') as [string, string];
      expect(Object.keys(doc.paths[specPath(url)][method.toLowerCase()].responses)).toEqual(expect.arrayContaining(['201', '200']));
    }
  });

  it('holds no operation the surface does not serve', () => {
    const served = new Set(routes.map((r) => `${r.method.toLowerCase()} ${specPath(r.url)}`));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m} ${path}`));
    expect(new Set(documented)).toEqual(served);
  });
});

// Merchant spec, Errors: "VENDOR_ACCESS_DENIED | 403 | store header names another store (older body
// shape)". Every merchant operation can answer it, so its 403 lists that body beside the envelope;
// the storefront never answers it, and the envelope's code list never carries it.
describe('VENDOR_ACCESS_DENIED in the failure schemas', () => {
  it.each(merchantRoutes.map((r) => [`${r.method} ${r.url}`, r]))('%s lists the older body under 403', async (_label, route) => {
    const doc = (await get(t.app, '/openapi/merchant.json')).body;
    const forbidden = doc.paths[specPath(route.url)][route.method.toLowerCase()].responses['403'];
    expect(forbidden.description).toContain('VENDOR_ACCESS_DENIED');
    expect(forbidden.content['application/json'].schema).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Failure' }, { $ref: '#/components/schemas/VendorAccessDenied' }],
    });
    expect(doc.components.schemas.VendorAccessDenied).toMatchObject({
      type: 'object',
      properties: { error: { type: 'string', const: 'VENDOR_ACCESS_DENIED' }, message: { type: 'string' } },
      required: ['error', 'message'],
    });
    expect(doc.components.schemas.Failure.properties.error_code.enum).not.toContain('VENDOR_ACCESS_DENIED');
  });

  it('is not in the storefront document', async () => {
    const doc = (await get(t.app, '/openapi/storefront.json')).body;
    expect(JSON.stringify(doc)).not.toContain('VENDOR_ACCESS_DENIED');
  });
});

describe('The validator', () => {
  it('refuses a broken document, so the check above can fail', async () => {
    const doc = (await get(t.app, '/openapi/merchant.json')).body;
    delete doc.info;
    await expect(validate(doc)).resolves.toMatchObject({ valid: false });
  });
});

describe('GET /openapi/storefront.json query parameters', () => {
  it('documents the product list bounds from the same schema that validates them', async () => {
    const doc = (await get(t.app, '/openapi/storefront.json')).body;
    const params = Object.fromEntries(doc.paths['/store/products'].get.parameters.map((p: any) => [p.name, p.schema]));
    expect(params.per_page).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(params.keyword).toMatchObject({ type: 'string', maxLength: 100 });
    expect(params.sort).toMatchObject({ enum: ['latest', 'popular', 'price_low', 'price_high'] });
  });
});

describe('GET /docs/api', () => {
  it('serves the reference page with its scripts from Bazaar itself, no CDN', async () => {
    const res = await get(t.app, '/docs/api');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    const sources = [...res.raw.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const source of sources) {
      expect(source.startsWith('/')).toBe(true);
      const asset = await get(t.app, source);
      expect(asset.status, source).toBe(200);
    }
    expect(res.raw).not.toMatch(/<script>[^<]/);
  });

  it('carries the HTML page headers: a policy that loads only its own sources, no framing', async () => {
    const res = await get(t.app, '/docs/api');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('names Swagger UI’s own favicon, served as an image with the other assets', async () => {
    const page = await get(t.app, '/docs/api');
    const icons = [...page.raw.matchAll(/<link rel="icon" type="image\/png" sizes="(\d+x\d+)" href="([^"]+)">/g)];
    expect(icons.map((m) => m[1])).toEqual(['32x32', '16x16']);
    for (const [, , href] of icons) {
      const icon = await get(t.app, href!);
      expect({ status: icon.status, type: icon.headers['content-type'] }, href).toEqual({ status: 200, type: 'image/png' });
      expect(icon.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('points the page at both documents', async () => {
    const init = await get(t.app, '/docs/api/init.js');
    expect(init.raw).toContain("'/openapi/storefront.json'");
    expect(init.raw).toContain("'/openapi/merchant.json'");
  });

  it('caches the versioned assets for a year', async () => {
    const page = await get(t.app, '/docs/api');
    const css = page.raw.match(/href="([^"]+swagger-ui\.css)"/)![1]!;
    const res = await get(t.app, css);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves only the assets the page uses', async () => {
    const page = await get(t.app, '/docs/api');
    const css = page.raw.match(/href="([^"]+)swagger-ui\.css"/)![1]!;
    expect((await get(t.app, `${css}index.html`)).status).toBe(404);
  });
});
