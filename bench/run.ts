// npm run bench: seeds a store with 10,000 products (with its promotions, discounts and collections)
// on the configured database, counts the SQL statements of each read in-process and prepares carts,
// then loads a started server with autocannon: the reads for a fixed time, then one checkout per cart.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { InjectOptions } from 'fastify';
import { loadConfig } from '../src/config.js';
import { createApiKey } from '../src/domain/keys/manage-keys.js';
import { createStore } from '../src/domain/store/manage-stores.js';
import { buildApp } from '../src/app/build-app.js';
import { loadServerSecret } from '../src/platform/crypto/server-secret.js';
import { openDatabase } from '../src/platform/database/database.js';
import { MemoryKv } from '../src/platform/kv/memory-kv.js';
import { mediaServices } from '../src/domain/media/media-services.js';
import { seedCatalog } from '../src/seed/seed-catalog.js';
import { describeMachine } from './machine.js';
import { loadCheckouts, prepareCarts } from './checkout.js';
import { collectionGraphqlQuery, collectionRestPath, graphqlQuery, restPath } from './scenarios.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 4100);

const databaseUrl = process.env.DATABASE_URL;
const dataDir = databaseUrl ? undefined : await mkdtemp(path.join(os.tmpdir(), 'bazaar-bench-'));

async function prepare() {
  const database = await openDatabase({ databaseUrl, dataDir, holder: 'bazaar bench' });
  try {
    const operator = { db: database.prisma, now: new Date() };
    const slug = `bench-${Date.now().toString(36)}`;
    const store = await createStore(operator, { name: 'Bench Store', slug, locales: ['en', 'fr'] });
    // The in-process app fills the checkout scenario's carts from one key: no rate limit, as on the started server.
    const config = loadConfig({
      ...process.env,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      MEDIA_DIR: path.join(dataDir ?? os.tmpdir(), 'bench-media'),
      RATE_LIMIT_STOREFRONT: '0',
      RATE_LIMIT_GRAPHQL: '0',
    });
    const started = Date.now();
    const counts = await seedCatalog(database.prisma, store, { products: PRODUCTS, seed: 7, media: mediaServices(config) });
    const seedSeconds = (Date.now() - started) / 1000;
    const publicKey = (await createApiKey(operator, { store: slug, kind: 'public', origins: ['*'] })).secret;

    const app = await buildApp({ config, database, kv: new MemoryKv(), secret: await loadServerSecret(database.prisma, config.secret) }, { logger: false });
    const statements = async (request: InjectOptions) => {
      const before = database.statementCount();
      const res = await app.inject(request);
      if (res.statusCode !== 200) throw new Error(`bench request failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return database.statementCount() - before;
    };
    const graphqlStatements = (query: string) =>
      statements({ method: 'POST', url: '/graphql', headers: { 'x-client-key': publicKey, 'content-type': 'application/json' }, payload: { query } });
    const sql = {
      rest: await statements({ method: 'GET', url: restPath, headers: { 'x-client-key': publicKey } }),
      graphql: await graphqlStatements(graphqlQuery),
      collectionRest: await statements({ method: 'GET', url: collectionRestPath, headers: { 'x-client-key': publicKey } }),
      collectionGraphql: await graphqlStatements(collectionGraphqlQuery),
    };
    await prepareCarts(app, database, store, publicKey);
    await app.close();
    return { publicKey, counts, seedSeconds, sql, engine: database.engine };
  } finally {
    await database.close();
  }
}

function startServer(): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', 'dist/src/server.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      BAZAAR_DEMO: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_STOREFRONT: '0',
      RATE_LIMIT_GRAPHQL: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUntilUp(deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not come up within 60 s');
}

async function load(title: string, request: { path: string; method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string }) {
  const base = {
    url: `http://127.0.0.1:${PORT}${request.path}`,
    connections: CONNECTIONS,
    // The embedded engine answers one statement at a time, so at 32 connections its queue is long.
    timeout: 60,
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
  };
  await autocannon({ ...base, duration: 3 });
  const result = await autocannon({ ...base, duration: DURATION_S });
  if (result.non2xx || result.errors) {
    throw new Error(
      `${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors (${result.timeouts} timeouts), p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${result.requests.total} answered`,
    );
  }
  return {
    title,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
  };
}

const prepared = await prepare();
console.log(
  `seeded ${prepared.counts.products} products (${prepared.counts.variants} variants, ${prepared.counts.images} images) in ${prepared.seedSeconds.toFixed(1)} s`,
);
const server = startServer();
try {
  await waitUntilUp();
  const headers = { 'x-client-key': prepared.publicKey, 'content-type': 'application/json' };
  const rest = await load(`GET ${restPath}`, { path: restPath, headers });
  const graphql = await load('POST /graphql products(first: 50)', { path: '/graphql', method: 'POST', headers, body: JSON.stringify({ query: graphqlQuery }) });
  const collectionRest = await load(`GET ${collectionRestPath}`, { path: collectionRestPath, headers });
  const collectionGraphql = await load('POST /graphql collection(slug: "featured") products(first: 50)', {
    path: '/graphql',
    method: 'POST',
    headers,
    body: JSON.stringify({ query: collectionGraphqlQuery }),
  });
  const checkout = await loadCheckouts(PORT, prepared.publicKey);
  const report = {
    date: new Date().toISOString(),
    machine: describeMachine(prepared.engine === 'postgresql' ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'),
    products: PRODUCTS,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    seedSeconds: prepared.seedSeconds,
    results: [
      { ...rest, sqlStatements: prepared.sql.rest },
      { ...graphql, sqlStatements: prepared.sql.graphql },
      { ...collectionRest, sqlStatements: prepared.sql.collectionRest },
      { ...collectionGraphql, sqlStatements: prepared.sql.collectionGraphql },
      checkout,
    ],
  };
  await writeFile(path.join('bench', 'results', `${prepared.engine}.json`), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${report.machine.cpu}, ${report.machine.memory}, ${report.machine.node}, ${report.machine.database}`);
  console.log('| read | req/s | p50 ms | p99 ms | SQL statements / request |\n|---|---|---|---|---|');
  for (const r of report.results)
    console.log(`| ${r.title} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${'sqlStatements' in r ? r.sqlStatements : '–'} |`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
// The wasm schema engine leaves a timer behind for about ten seconds; nothing is pending by now.
process.exit(0);
