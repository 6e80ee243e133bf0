import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { staticAssets, type StaticAsset } from '../../src/http/static-assets.js';

// Static assets (GraphiQL's) are loaded by the first request that needs them: a server that only
// answers the API never holds them in memory.

const TOOL = 'console.log("tool");'.repeat(100);
const apps: ReturnType<typeof Fastify>[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

/** An app serving assets under /assets from `load`, and how often it was called. */
async function serving(load: () => Promise<StaticAsset[]>) {
  const counted = { loads: 0 };
  const assets = staticAssets('/assets', () => ((counted.loads += 1), load()));
  const app = Fastify();
  apps.push(app);
  app.register(async (scope) => assets.routes(scope));
  await app.ready();
  return { app, assets, counted };
}

const tool = async (): Promise<StaticAsset[]> => [{ name: 'tool.js', type: 'application/javascript; charset=utf-8', body: TOOL }];

describe('static assets', () => {
  it('are not loaded until asked for, then loaded once for every request at the same time', async () => {
    const { app, assets, counted } = await serving(tool);
    expect(counted.loads).toBe(0);
    const [urls] = await Promise.all([assets.urls(), assets.urls(), app.inject({ method: 'GET', url: '/assets/tool.0000000000000000.js' })]);
    expect(counted.loads).toBe(1);
    expect(urls).toEqual({ 'tool.js': expect.stringMatching(/^\/assets\/tool\.[0-9a-f]{16}\.js$/) });
  });

  it('answer their content at the hashed URL, and 404 at any other', async () => {
    const { app, assets } = await serving(tool);
    const { 'tool.js': url } = await assets.urls();
    const res = await app.inject({ method: 'GET', url: url! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(TOOL);
    expect((await app.inject({ method: 'GET', url: '/assets/tool.0000000000000000.js' })).statusCode).toBe(404);
  });

  it('are not loaded by a name that is not of the hashed shape: it answers 404 at once', async () => {
    const { app, counted } = await serving(tool);
    for (const file of ['tool.js', 'wp-login.php', '.env']) expect((await app.inject({ method: 'GET', url: `/assets/${file}` })).statusCode).toBe(404);
    expect(counted.loads).toBe(0);
  });

  it('are loaded again by the next request when a load failed', async () => {
    let failing = true;
    const { assets, counted } = await serving(async () => {
      if (failing) throw new Error('the bundle is missing');
      return tool();
    });
    await expect(assets.urls()).rejects.toThrow('the bundle is missing');
    failing = false;
    expect(Object.keys(await assets.urls())).toEqual(['tool.js']);
    expect(counted.loads).toBe(2);
  });
});
