// Everything npm run bench does in-process before the servers start: one seeded store per size,
// each with its own public key, the SQL statements of each read, and the checkout's carts.
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../src/app/build-app.js';
import { loadConfig } from '../src/config.js';
import { createApiKey } from '../src/domain/keys/manage-keys.js';
import { mediaServices } from '../src/domain/media/media-services.js';
import { createStore } from '../src/domain/store/manage-stores.js';
import { loadServerSecret } from '../src/platform/crypto/server-secret.js';
import { openDatabase } from '../src/platform/database/database.js';
import { MemoryKv } from '../src/platform/kv/memory-kv.js';
import { seedCatalog, type SeedCounts } from '../src/seed/seed-catalog.js';
import { CHECKOUTS, cartSessions, prepareCarts } from './checkout.js';
import type { SqlCount } from './report.js';
import { plan, type Read } from './scenarios.js';

export interface PreparedStore {
  products: number;
  publicKey: string;
  seedSeconds: number;
  counts: SeedCounts;
  reads: { read: Read; sqlStatements: SqlCount }[];
  /** Each server's cart sessions, on the store the checkout runs on. */
  carts?: Record<string, string[]>;
}

export interface BenchDatabase {
  databaseUrl: string | undefined;
  dataDir: string | undefined;
  publicUrl: string;
}

/** `rounds`: how many times each server places BENCH_CHECKOUTS orders, each round on carts of its own. */
export async function prepareStores(db: BenchDatabase, sizes: number[], servers: string[], rounds = 1) {
  const database = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir, holder: 'bazaar bench' });
  try {
    // The in-process app fills the checkout's carts from one key: no rate limit, as on the started servers.
    const config = loadConfig({
      ...process.env,
      PUBLIC_URL: db.publicUrl,
      MEDIA_DIR: path.join(db.dataDir ?? os.tmpdir(), 'bench-media'),
      RATE_LIMIT_STOREFRONT: '0',
      RATE_LIMIT_GRAPHQL: '0',
    });
    const app = await buildApp({ config, database, kv: new MemoryKv(), secret: await loadServerSecret(database.prisma, config.secret) }, { logger: false });
    const inject = async (request: InjectOptions, status: number) => {
      const res = await app.inject(request);
      if (res.statusCode !== status) throw new Error(`bench request ${request.url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res;
    };
    const { reads, checkoutSize } = plan(sizes);
    const stores: PreparedStore[] = [];
    for (const products of sizes) {
      const operator = { db: database.prisma, now: new Date() };
      const slug = `bench-${products}-${Date.now().toString(36)}`;
      const store = await createStore(operator, { name: `Bench Store ${products}`, slug, locales: ['en', 'fr'] });
      const started = Date.now();
      const counts = await seedCatalog(database.prisma, store, { products, seed: 7, media: mediaServices(config) });
      const seedSeconds = (Date.now() - started) / 1000;
      console.log(`seeded ${counts.products} products (${counts.variants} variants, ${counts.images} images) in ${seedSeconds.toFixed(1)} s`);
      const publicKey = (await createApiKey(operator, { store: slug, kind: 'public', origins: ['*'] })).secret;
      // A product with variants from the middle of the catalogue, so the detail read has some to show.
      const product = await database.prisma.product.findFirstOrThrow({
        where: { storeId: store.id, published: true, status: 'active', deletedAt: null, variants: { some: {} } },
        orderBy: { pId: 'asc' },
        skip: Math.floor(products / 4),
        select: { slug: true },
      });

      const counted = [];
      for (const read of reads(products, product.slug)) {
        const headers: Record<string, string> = { 'x-client-key': publicKey, 'content-type': 'application/json' };
        const request: InjectOptions = { method: read.method, url: read.path, headers, payload: read.body };
        if (read.conditional) headers['if-none-match'] = String((await inject(request, 200)).headers.etag);
        const statements = async () => {
          const before = database.statementCount();
          await inject(request, read.conditional ? 304 : 200);
          return database.statementCount() - before;
        };
        // The first read builds the answer; the third repeats it once the key's row is kept too (auth/key-lookup.ts).
        const first = await statements();
        await statements();
        counted.push({ read, sqlStatements: { first, repeat: await statements() } });
      }

      let carts: PreparedStore['carts'];
      if (products === checkoutSize && CHECKOUTS > 0) {
        carts = Object.fromEntries(servers.map((server) => [server, cartSessions(server, CHECKOUTS * rounds)]));
        await prepareCarts(app, database, store, publicKey, Object.values(carts).flat());
      }
      stores.push({ products, publicKey, seedSeconds, counts, reads: counted, carts });
    }
    await app.close();
    return { engine: database.engine, stores };
  } finally {
    await database.close();
  }
}
