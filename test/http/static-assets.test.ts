import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticAssets, type StaticAsset } from '../../src/http/static-assets.js';

// Static assets (GraphiQL's) are loaded by the first request that needs them: a server that only
// answers the API never holds them in memory.

let loads = 0;
const assets = staticAssets('/assets', async () => {
  loads += 1;
  return [{ name: 'tool.js', type: 'application/javascript; charset=utf-8', body: 'console.log("tool");'.repeat(100) } satisfies StaticAsset];
});
const app = Fastify();

beforeAll(async () => {
  app.register(async (scope) => assets.routes(scope));
  await app.ready();
});
afterAll(() => app.close());

describe('static assets', () => {
  it('are not loaded until asked for, then loaded once for every request at the same time', async () => {
    expect(loads).toBe(0);
    const [urls] = await Promise.all([assets.urls(), assets.urls(), app.inject({ method: 'GET', url: '/assets/tool.0000000000000000.js' })]);
    expect(loads).toBe(1);
    expect(urls).toEqual({ 'tool.js': expect.stringMatching(/^\/assets\/tool\.[0-9a-f]{16}\.js$/) });
  });

  it('answer their content at the hashed URL, and 404 at any other', async () => {
    const { 'tool.js': url } = await assets.urls();
    const res = await app.inject({ method: 'GET', url: url! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log("tool");'.repeat(100));
    expect((await app.inject({ method: 'GET', url: '/assets/tool.0000000000000000.js' })).statusCode).toBe(404);
    expect(loads).toBe(1);
  });
});
