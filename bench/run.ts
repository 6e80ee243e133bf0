// npm run bench: seeds one store per size in BENCH_SIZES on the configured database and counts the
// SQL statements of each read in-process, then loads the built server with autocannon, read by
// read, and places orders on one store. With BENCH_BASELINE=<another built checkout> its server
// runs beside this one on the same database, and each read loads the baseline then this build
// back to back, so both see the same noise. With BENCH_TRAFFIC=compare the "before" server is this
// build with TRAFFIC_COUNTING=0 and the "after" one this build counting page views, so the table
// states what traffic counting costs each read. On PostgreSQL it then runs the delivery scenario
// (bench/delivery.ts): two relay processes delivering webhooks to a loopback receiver.
// On PostgreSQL it also runs the many-stores scenario (bench/stores.ts): one store's list against a
// random one of BENCH_STORES per request; and the floor scenario (bench/floor/scenario.ts): this
// build with the cache off against the one-statement floor, on the reads the floor answers with
// Bazaar's very bytes, the ratio measured on every run. BENCH_SCENARIOS=reads, =floor, =delivery
// or =stores (or a list) runs those; =checkout seeds as reads does and places the orders alone,
// without loading the reads. BENCH_ROUNDS=n loads each read (and places BENCH_CHECKOUTS orders) n times
// per server, alternating which server goes first, and reports the median ratio with its range:
// one round of 10 s swings about ±15 % on a shared machine.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHECKOUTS, checkoutInRounds } from './checkout.js';
import { benchDelivery, DELIVERY_SECONDS, type DeliveryFigures } from './delivery.js';
import { benchFloor } from './floor/scenario.js';
import { CONNECTIONS, DURATION_S, loadInRounds, type Figures } from './load.js';
import { describeMachine } from './machine.js';
import { prepareStores, type PreparedStore } from './prepare.js';
import { floorColumns, markdownTable, row, writeResults, type Row } from './report.js';
import { startServer, type Server } from './servers.js';
import { benchManyStores, prepareManyStores, type StoresFigures } from './stores.js';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 4100);
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;
const TRAFFIC_COMPARE = process.env.BENCH_TRAFFIC === 'compare';
const databaseUrl = process.env.DATABASE_URL;
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'reads,floor,delivery,stores').split(','));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);

if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`BENCH_ROUNDS must be a whole number from 1, not "${process.env.BENCH_ROUNDS}"`);
if (!Number.isInteger(CHECKOUTS) || CHECKOUTS < 0)
  throw new Error(`BENCH_CHECKOUTS must be a whole number of carts (0 places no order), not "${process.env.BENCH_CHECKOUTS}"`);
if (SIZES.some((size) => !Number.isInteger(size) || size < 1))
  throw new Error(`BENCH_SIZES must list whole numbers of products, not "${process.env.BENCH_SIZES}"`);
if (TRAFFIC_COMPARE && BASELINE) {
  console.error('BENCH_TRAFFIC=compare and BENCH_BASELINE each name the "before" server: set one of them.');
  process.exit(1);
}
if ((BASELINE || TRAFFIC_COMPARE) && !databaseUrl) {
  // The embedded engine lives in one process: two servers cannot share its data directory.
  console.error('BENCH_BASELINE and BENCH_TRAFFIC=compare need DATABASE_URL: the embedded PGlite database can be opened by one server only.');
  process.exit(1);
}

const machine = describeMachine(databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite');
const rows: Row[] = [];
let engine = databaseUrl ? 'postgresql' : 'pglite';
let seeds: object[] = [];
let seeded: PreparedStore[] = [];
const seedsOf = (stores: PreparedStore[]) => stores.map((s) => ({ products: s.products, seconds: s.seedSeconds, counts: s.counts }));
if (SCENARIOS.has('reads') || SCENARIOS.has('checkout')) {
  const dataDir = databaseUrl ? undefined : await mkdtemp(path.join(os.tmpdir(), 'bazaar-bench-'));
  const before = BASELINE
    ? [{ label: 'baseline', cwd: BASELINE, port: PORT + 1, env: {} }]
    : TRAFFIC_COMPARE
      ? [{ label: 'baseline', cwd: process.cwd(), port: PORT + 1, env: { TRAFFIC_COUNTING: '0' } }]
      : [];
  const targets = [...before, { label: 'current', cwd: process.cwd(), port: PORT, env: { TRAFFIC_COUNTING: '1' } }];

  const prepared = await prepareStores(
    { databaseUrl, dataDir, publicUrl: `http://127.0.0.1:${PORT}` },
    SIZES,
    targets.map((t) => t.label),
    ROUNDS,
  );
  engine = prepared.engine;
  seeded = prepared.stores;
  seeds = seedsOf(seeded);
  const servers: Server[] = [];
  try {
    for (const target of targets) servers.push(await startServer(target.label, target.cwd, target.port, dataDir, target.env));
    for (const store of SCENARIOS.has('reads') ? prepared.stores : []) {
      for (const { read, sqlStatements } of store.reads) {
        rows.push(row(read.title, store.products, sqlStatements, await loadInRounds(servers, store.publicKey, read, ROUNDS, store.products)));
      }
    }
    // Last: the orders change the stock, and so the catalogue every later read would see.
    for (const store of prepared.stores.filter((s) => s.carts)) {
      const rounds = await checkoutInRounds(servers, store.publicKey, store.carts!, ROUNDS);
      rows.push(row(`POST /v1/store/checkout (${CHECKOUTS.toLocaleString('en-US')} prepared carts)`, store.products, null, rounds));
    }
  } finally {
    for (const server of servers) await server.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

let floor: Row[] = [];
let floorFailure: unknown;
if (SCENARIOS.has('floor')) {
  // The floor reads through node-postgres: the embedded engine has no server to connect to.
  if (!databaseUrl) console.error('The floor scenario needs DATABASE_URL (PostgreSQL): skipped.');
  else {
    if (!seeded.length) {
      seeded = (await prepareStores({ databaseUrl, dataDir: undefined, publicUrl: `http://127.0.0.1:${PORT}` }, SIZES, [])).stores;
      seeds = seedsOf(seeded);
    }
    // A difference from the floor's bytes fails the run, but only once every other scenario has run and its figures are written.
    floor = await benchFloor(seeded, PORT, ROUNDS).catch((error: unknown) => {
      floorFailure = error;
      return [];
    });
  }
}

let delivery: DeliveryFigures | null = null;
if (SCENARIOS.has('delivery')) {
  // Several relay processes need a database they can share: the embedded engine opens in one process only.
  if (!databaseUrl) console.error('The delivery scenario needs DATABASE_URL (PostgreSQL): skipped.');
  else {
    delivery = await benchDelivery(databaseUrl, process.cwd());
    console.error(`webhook delivery: ${delivery.deliveriesPerSecond} deliveries/s, p99 ${delivery.p99Ms} ms from commit to receipt`);
  }
}

/** The many-stores figures of each server by label: the baseline's (when there is one) first, each server started on its own. */
let stores: Record<string, StoresFigures> | null = null;
if (SCENARIOS.has('stores')) {
  // A thousand seeded stores are a PostgreSQL deployment's shape; the embedded engine is for one.
  if (!databaseUrl) console.error('The many-stores scenario needs DATABASE_URL (PostgreSQL): skipped.');
  else {
    const prepared = await prepareManyStores(databaseUrl, `http://127.0.0.1:${PORT}`);
    stores = {};
    for (const [label, cwd] of [...(BASELINE ? [['baseline', BASELINE]] : []), ['current', process.cwd()]] as const) {
      const server = await startServer(label, cwd, PORT, undefined);
      try {
        stores[label] = await benchManyStores(server, prepared.keys, prepared.seconds, ROUNDS);
      } finally {
        await server.stop();
      }
    }
  }
}

// The reads' file is the engine's own; runs without them are filed apart, so they never replace it.
const file = await writeResults(SCENARIOS.has('reads') || SCENARIOS.has('checkout') ? engine : [engine, ...SCENARIOS].join('-'), {
  date: new Date().toISOString(),
  machine,
  baseline: BASELINE ?? (TRAFFIC_COMPARE ? 'this build with TRAFFIC_COUNTING=0' : null),
  connections: CONNECTIONS,
  durationSeconds: DURATION_S,
  rounds: ROUNDS,
  seeds,
  results: rows,
  floor: floor.length ? floor : null,
  delivery: delivery && { ...delivery, seconds: DELIVERY_SECONDS },
  stores,
});
console.log(`\n${machine.cpu}, ${machine.memory}, ${machine.node}, ${machine.database}; figures in ${file}`);
if (rows.length) console.log(markdownTable(rows));
if (floor.length)
  console.log(
    `\nThe one-statement floor, and this build with RESPONSE_CACHE_MB=0 (ratio: Bazaar's req/s over the floor's):\n${markdownTable(floor, floorColumns)}`,
  );
if (delivery) {
  console.log(`\n| relays | events | offered/s | deliveries/s | p50 | p99 | max |\n|---|---|---|---|---|---|---|`);
  console.log(
    `| ${delivery.relays} | ${delivery.events.toLocaleString('en-US')} | ${delivery.offeredPerSecond} | ${delivery.deliveriesPerSecond} | ${delivery.p50Ms} ms | ${delivery.p99Ms} ms | ${delivery.maxMs} ms |`,
  );
}
if (stores) {
  console.log(
    `\n| server | stores | products each | one store req/s | a random store req/s | × | random-store hits | RSS after |\n|---|---|---|---|---|---|---|---|`,
  );
  for (const [label, figures] of Object.entries(stores)) {
    console.log(
      `| ${label} | ${figures.stores.toLocaleString('en-US')} | ${figures.productsPerStore} | ${figures.oneStore} | ${figures.randomStore} | ${figures.ratio} | ${Math.round(figures.hitRate * 100)} % | ${figures.rssMb} MB |`,
    );
  }
}
if (floorFailure !== undefined) {
  console.error('\nThe floor scenario failed:', floorFailure);
  process.exit(1);
}
// The wasm schema engine leaves a timer behind for about ten seconds; nothing is pending by now.
process.exit(0);
