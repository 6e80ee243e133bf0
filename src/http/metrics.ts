import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { safeEqual, sha256Hex } from '../platform/crypto/tokens.js';
import type { Database } from '../platform/database/database.js';
import type { CatalogCache } from './response-cache/catalog-cache.js';
import { ApiError } from '../platform/errors/api-error.js';

export interface MetricsOptions {
  database: Database;
  /** The catalogue read cache, when the deployment keeps one. */
  cache: CatalogCache | null;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`; unset, it is open. */
  token: string | undefined;
}

const labelNames = ['method', 'route', 'status_code'] as const;

function poolGauges(registry: Registry, database: Database) {
  const gauge = (name: string, help: string, read: (stats: NonNullable<ReturnType<Database['poolStats']>>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = database.poolStats();
        if (stats) this.set(read(stats));
      },
    });
  gauge('bazaar_db_pool_connections', 'Connections open in the PostgreSQL pool.', (s) => s.total);
  gauge('bazaar_db_pool_idle_connections', 'Open pool connections not running a query.', (s) => s.idle);
  gauge('bazaar_db_pool_waiting_queries', 'Queries waiting for a pool connection.', (s) => s.waiting);
}

function cacheMetrics(registry: Registry, cache: CatalogCache) {
  const gauge = (name: string, help: string, read: (size: ReturnType<CatalogCache['size']>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(cache.size()));
      },
    });
  gauge('bazaar_response_cache_entries', 'Catalogue answers this process keeps in memory.', (s) => s.entries);
  gauge('bazaar_response_cache_bytes', 'Bytes of catalogue answers this process keeps in memory (bounded by RESPONSE_CACHE_MB).', (s) => s.bytes);
  const hits = new Counter({ name: 'bazaar_response_cache_hits_total', help: 'Cacheable reads answered from the cache.', registers: [registry] });
  const misses = new Counter({ name: 'bazaar_response_cache_misses_total', help: 'Cacheable reads built from the database.', registers: [registry] });
  const aged = new Counter({
    name: 'bazaar_response_cache_aged_hits_total',
    help: 'Hits answered from an answer past its life while it was built again (counted among the hits too).',
    registers: [registry],
  });
  cache.onRead = (hit, fromAged) => {
    (hit ? hits : misses).inc();
    if (fromAged) aged.inc();
  };
  const compressions = new Counter({
    name: 'bazaar_response_cache_compressions_total',
    help: 'Kept catalogue answers compressed for a hit: once per answer and encoding, since the compressed form is kept.',
    labelNames: ['encoding'],
    registers: [registry],
  });
  cache.onCompressed = (encoding) => compressions.inc({ encoding });
}

/**
 * Prometheus metrics at GET /metrics, from a registry of this app's own: the process defaults
 * (CPU, memory, event-loop lag, GC), request counts and latencies by method, route pattern (never
 * the raw URL, so ids and slugs cannot multiply the series) and status, and on PostgreSQL the pool's
 * connections. Registered before every route, so every answer is counted; requests Node's parser
 * refused never reach Fastify and are not.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'bazaar_http_requests_total', help: 'HTTP requests answered.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'bazaar_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  if (options.database.poolStats()) poolGauges(registry, options.database);
  if (options.cache) cacheMetrics(registry, options.cache);

  app.addHook('onResponse', async (request, reply) => {
    // Paths no route matched share one series, whatever they were.
    const labels = {
      method: request.method,
      route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const expected = options.token && sha256Hex(`Bearer ${options.token}`);
  app.get('/metrics', async (request, reply) => {
    if (expected) {
      const sent = request.headers.authorization;
      if (typeof sent !== 'string' || !safeEqual(sha256Hex(sent), expected)) {
        throw new ApiError('unauthenticated', 'GET /metrics needs Authorization: Bearer with the METRICS_TOKEN.', {
          headers: { 'www-authenticate': 'Bearer' },
        });
      }
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
