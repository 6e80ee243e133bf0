// The delivery scenario of npm run bench (PostgreSQL only): two relay processes, each the built
// `bazaar worker` command, deliver outbox events committed at a steady rate to a receiver on
// loopback. It reports deliveries per second, from the first commit to the last receipt, and the
// delay of each event from just before its commit to its first receipt (p50, p99, max), after a
// second of warm-up traffic that is not measured.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { loadConfig } from '../src/config.js';
import { createContext } from '../src/domain/context.js';
import { mediaServices } from '../src/domain/media/media-services.js';
import { createStore } from '../src/domain/store/manage-stores.js';
import { createSubscription } from '../src/domain/webhooks/write-subscription.js';
import { loadServerSecret } from '../src/platform/crypto/server-secret.js';
import { openDatabase } from '../src/platform/database/database.js';
import { MemoryKv } from '../src/platform/kv/memory-kv.js';

/** Events committed per second, and for how long. */
export const DELIVERY_RATE = Number(process.env.BENCH_DELIVERY_RATE ?? 600);
export const DELIVERY_SECONDS = Number(process.env.BENCH_DELIVERY_SECONDS ?? 10);
const RELAYS = 2;
const WARM_UP_SECONDS = 1;
/** Commits per second: each commits `DELIVERY_RATE / TICKS` events in one statement. */
const TICKS = 20;
/** The events name this many resources in turn, so per-resource ordering has work to do. */
const RESOURCES = 200;

export interface DeliveryFigures {
  relays: number;
  events: number;
  offeredPerSecond: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

function startReceiver(firstSeen: Map<string, number>): Promise<{ server: http.Server; hostPort: string }> {
  const server = http.createServer((req, res) => {
    const id = req.headers['bazaar-event-id'] as string | undefined;
    req.resume();
    req.on('end', () => {
      if (id && !firstSeen.has(id)) firstSeen.set(id, Date.now());
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, hostPort: `127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

function startWorker(cwd: string, databaseUrl: string, allow: string): ChildProcess {
  return spawn(process.execPath, ['bin/bazaar.js', 'worker'], {
    cwd,
    env: { ...process.env, DATABASE_URL: databaseUrl, MEDIA_FETCH_ALLOW: allow, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchDelivery(databaseUrl: string, cwd: string): Promise<DeliveryFigures> {
  const firstSeen = new Map<string, number>();
  const { server, hostPort } = await startReceiver(firstSeen);
  const database = await openDatabase({ databaseUrl, holder: 'bazaar bench' });
  const workers: ChildProcess[] = [];
  try {
    const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
    const secret = await loadServerSecret(database.prisma, config.secret);
    const slug = `bench-delivery-${randomUUID().slice(0, 8)}`;
    const store = await createStore({ db: database.prisma, now: new Date() }, { name: 'Bench delivery', slug, dev: true });
    const ctx = createContext({
      db: database.prisma,
      kv: new MemoryKv(),
      media: mediaServices(config),
      store,
      principal: { keyId: 'bench', kind: 'private', mode: 'test', scopes: new Set(['merchant-shipping-read']), installation: null },
      settings: { cartTtlDays: config.cartTtlDays, publicUrl: config.publicUrl, outboundAllow: [hostPort] },
      requestId: 'bench-delivery',
      log: pino({ level: 'silent' }),
      secret,
    });
    await createSubscription(ctx, { topic: 'shipping_zones/update', address: `http://${hostPort}/hooks` });

    for (let i = 0; i < RELAYS; i += 1) workers.push(startWorker(cwd, databaseUrl, hostPort));
    // What the seed and earlier runs left unpublished is fanned out first (in sequence order): measure after it.
    while ((await database.prisma.outboxEvent.count({ where: { publishedAt: null } })) > 0) await pause(200);

    const resources = Array.from({ length: RESOURCES }, () => randomUUID());
    const perTick = Math.max(1, Math.round(DELIVERY_RATE / TICKS));
    /** Commits `seconds` of events at the offered rate and waits until each has been received; answers when each was committed. */
    const offer = async (seconds: number, started: number) => {
      const committedAt = new Map<string, number>();
      for (let tick = 0; tick < seconds * TICKS; tick += 1) {
        // Steady, not bursty: each tick commits at its own time, whatever the last one took.
        await pause(Math.max(0, started + (tick * 1000) / TICKS - Date.now()));
        const rows = Array.from({ length: perTick }, (_, i) => ({
          id: randomUUID(),
          storeId: store.id,
          topic: 'shipping_zones/update',
          payload: { id: resources[(tick * perTick + i) % RESOURCES]! },
        }));
        const before = Date.now();
        await database.prisma.outboxEvent.createMany({ data: rows });
        for (const row of rows) committedAt.set(row.id, before);
      }
      const deadline = Date.now() + 120_000;
      while ([...committedAt.keys()].some((id) => !firstSeen.has(id))) {
        if (Date.now() > deadline) throw new Error(`${[...committedAt.keys()].filter((id) => !firstSeen.has(id)).length} events not delivered within 2 minutes`);
        await pause(100);
      }
      return committedAt;
    };
    // A relay's first batch opens its connections and runs cold code: one second of traffic, not
    // measured, so the figures are the steady state a long-running relay delivers at.
    await offer(WARM_UP_SECONDS, Date.now());
    const started = Date.now();
    const committedAt = await offer(DELIVERY_SECONDS, started);
    const delays = [...committedAt].map(([id, at]) => firstSeen.get(id)! - at).sort((a, b) => a - b);
    const last = Math.max(...[...committedAt.keys()].map((id) => firstSeen.get(id)!));
    return {
      relays: RELAYS,
      events: committedAt.size,
      offeredPerSecond: DELIVERY_RATE,
      deliveriesPerSecond: Math.round(committedAt.size / ((last - started) / 1000)),
      p50Ms: percentile(delays, 50),
      p99Ms: percentile(delays, 99),
      maxMs: delays.at(-1)!,
    };
  } finally {
    await Promise.all(
      workers.map((worker) => {
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGTERM');
        return exited;
      }),
    );
    await database.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
