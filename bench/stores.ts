// The many-stores scenario of npm run bench (PostgreSQL only; BENCH_SCENARIOS=stores): BENCH_STORES
// stores (default 1,000) of BENCH_STORE_PRODUCTS products each (default 50), each with its own
// public key, served by one started server with the catalogue cache at its default size (after
// BENCH_BASELINE's, when set, on the same stores), read as a browser reads (Accept-Encoding). It first
// reads every store's list twice (its first reads cost what they cost: the steady state is what is
// measured), then loads the 50-card list of one store and the same read naming a random store per
// request, rounds alternating, and reports both with their ratio, the cache's hit rate and the
// server's resident memory after each: a platform of many small shops should serve them about as
// fast as one.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { loadConfig } from '../src/config.js';
import { createApiKey } from '../src/domain/keys/manage-keys.js';
import { mediaServices } from '../src/domain/media/media-services.js';
import { createStore } from '../src/domain/store/manage-stores.js';
import { openDatabase } from '../src/platform/database/database.js';
import { analyzeCatalog, seedCatalog } from '../src/seed/seed-catalog.js';
import { CONNECTIONS, DURATION_S } from './load.js';
import type { Server } from './servers.js';

export const STORES = Number(process.env.BENCH_STORES ?? 1000);
export const STORE_PRODUCTS = Number(process.env.BENCH_STORE_PRODUCTS ?? 50);
const LIST_PATH = '/v1/store/products?per_page=50';
/** What a browser asks for: a storefront's pages are read compressed, and the cache keeps them so. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const WARM_UP_S = 2;

/**
 * autocannon appends every response body to a string (`req.body += data`) for checks this load does
 * not make. Decoding a compressed body as UTF-8 costs the client about as much CPU as the server spends
 * on a hit, and about three times more when the bodies differ (a thousand stores' pages) than when one
 * body repeats (the decoder's branches are predicted): on a shared machine the load client then
 * takes CPU from the server in the random-store rounds only. During this scenario's loads the bodies
 * are dropped; the byte counts autocannon reports are kept apart and stay.
 */
const bodyQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody(data: Buffer): void } };

async function withoutBodies<T>(load: () => Promise<T>): Promise<T> {
  const addBody = bodyQueue.prototype.addBody;
  bodyQueue.prototype.addBody = () => undefined;
  try {
    return await load();
  } finally {
    bodyQueue.prototype.addBody = addBody;
  }
}

interface Load {
  requestsPerSecond: number;
  /** The share of the load's reads the catalogue cache answered (from the server's /metrics). */
  hitRate: number;
  rssMb: number;
}

export interface StoresFigures {
  stores: number;
  productsPerStore: number;
  seedSeconds: number;
  /** Seconds the warm pass took: every store's list read twice, 8 at a time. */
  warmSeconds: number;
  rounds: { oneStore: Load; randomStore: Load }[];
  /** Medians over the rounds: req/s of one store, of a random store per request, and their ratio. */
  oneStore: number;
  randomStore: number;
  ratio: number;
  /** The random-store rounds' median hit rate, and the server's resident memory after the last of them. */
  hitRate: number;
  rssMb: number;
}

/** Seeds the stores on `databaseUrl` and answers their public keys; a run adds fresh stores beside any earlier run's. */
export async function prepareManyStores(databaseUrl: string, publicUrl: string): Promise<{ keys: string[]; seconds: number }> {
  const database = await openDatabase({ databaseUrl, holder: 'bazaar bench stores' });
  const config = loadConfig({ ...process.env, PUBLIC_URL: publicUrl, MEDIA_DIR: path.join(os.tmpdir(), 'bench-media') });
  const started = Date.now();
  const run = Date.now().toString(36);
  const keys: string[] = [];
  try {
    for (let n = 0; n < STORES; n += 1) {
      const operator = { db: database.prisma, now: new Date() };
      const slug = `many-${run}-${n}`;
      const store = await createStore(operator, { name: `Many Stores ${n}`, slug, locales: ['en'] });
      await seedCatalog(database.prisma, store, { products: STORE_PRODUCTS, seed: n, media: mediaServices(config), analyze: false });
      keys.push((await createApiKey(operator, { store: slug, kind: 'public', origins: ['*'] })).secret);
      if ((n + 1) % 100 === 0) console.error(`seeded ${n + 1} of ${STORES} stores`);
    }
    await analyzeCatalog(database.prisma);
  } finally {
    await database.close();
  }
  return { keys, seconds: (Date.now() - started) / 1000 };
}

/** The catalogue cache's hits and misses so far, from the server's /metrics. */
async function cacheReads(server: Server): Promise<{ hits: number; misses: number }> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const counter = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { hits: counter('bazaar_response_cache_hits_total'), misses: counter('bazaar_response_cache_misses_total') };
}

/** Loads the list with the key `keyOf` picks for each request; any answer but 200 fails the bench. */
async function loadList(server: Server, keyOf: () => string, seconds: number): Promise<Load> {
  const options = {
    url: `${server.url}${LIST_PATH}`,
    connections: CONNECTIONS,
    timeout: 60,
    requests: [
      {
        setupRequest: (request: Request): Request => ({
          ...request,
          headers: { ...request.headers, 'x-client-key': keyOf(), 'accept-encoding': ACCEPT_ENCODING },
        }),
      },
    ],
  };
  const before = await cacheReads(server);
  const result = await withoutBodies(() => autocannon({ ...options, duration: seconds }));
  const after = await cacheReads(server);
  const unexpected = Object.entries(result.statusCodeStats ?? {}).filter(([status, stats]) => status !== '200' && stats.count);
  if (unexpected.length || result.errors) {
    throw new Error(`many stores at ${server.url}: ${unexpected.map(([s, v]) => `${v.count} × ${s}`).join(', ') || 'no bad status'}, ${result.errors} errors`);
  }
  const hits = after.hits - before.hits;
  const reads = hits + after.misses - before.misses;
  return { requestsPerSecond: Math.round(result.requests.average), hitRate: reads ? Number((hits / reads).toFixed(3)) : 0, rssMb: server.rssMb() };
}

/** Every store's list read twice, a few stores at a time, so the measured rounds see each store after its first reads. */
async function warm(server: Server, keys: string[]): Promise<number> {
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < keys.length * 2; n = next++) {
      const res = await fetch(`${server.url}${LIST_PATH}`, { headers: { 'x-client-key': keys[n % keys.length]!, 'accept-encoding': ACCEPT_ENCODING } });
      if (res.status !== 200) throw new Error(`warming store ${n % keys.length}: ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return (Date.now() - started) / 1000;
}

const middle = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
};

/** Rounds of one store then every store (the order alternating by round), each after its own warm-up. */
export async function benchManyStores(server: Server, keys: string[], seedSeconds: number, rounds: number): Promise<StoresFigures> {
  const one = () => keys[0]!;
  const random = () => keys[Math.floor(Math.random() * keys.length)]!;
  const warmSeconds = await warm(server, keys);
  const figures: StoresFigures['rounds'] = [];
  for (let round = 0; round < rounds; round += 1) {
    const measured: Partial<StoresFigures['rounds'][number]> = {};
    const order = round % 2 ? (['randomStore', 'oneStore'] as const) : (['oneStore', 'randomStore'] as const);
    for (const which of order) {
      const keyOf = which === 'oneStore' ? one : random;
      await loadList(server, keyOf, WARM_UP_S);
      measured[which] = await loadList(server, keyOf, DURATION_S);
    }
    const { oneStore, randomStore } = measured as StoresFigures['rounds'][number];
    figures.push({ oneStore, randomStore });
    console.error(
      `many stores, round ${round + 1}: one store ${oneStore.requestsPerSecond} req/s, a random one of ${keys.length} ${randomStore.requestsPerSecond} req/s (${Math.round(randomStore.hitRate * 100)} % hits, RSS ${randomStore.rssMb} MB)`,
    );
  }
  const oneStore = middle(figures.map((f) => f.oneStore.requestsPerSecond));
  const randomStore = middle(figures.map((f) => f.randomStore.requestsPerSecond));
  return {
    stores: keys.length,
    productsPerStore: STORE_PRODUCTS,
    seedSeconds,
    warmSeconds,
    rounds: figures,
    oneStore,
    randomStore,
    ratio: Number((randomStore / oneStore).toFixed(2)),
    hitRate: middle(figures.map((f) => f.randomStore.hitRate)),
    rssMb: figures.at(-1)!.randomStore.rssMb,
  };
}
