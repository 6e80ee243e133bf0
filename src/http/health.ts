import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../platform/database/database.js';
import { ApiError } from '../platform/errors/api-error.js';
import type { Kv } from '../platform/kv/kv.js';

/** A check slower than this counts as failed: a readiness probe must answer before its own timeout. */
const CHECK_TIMEOUT_MS = 2000;

async function withinTimeout(check: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** How soon a client turned away by a start still under way should try again. */
const STARTING_RETRY_AFTER_S = 1;

/**
 * While the server is still starting (it listens before it makes the demo store, so that readiness
 * can say so), every route but liveness and readiness answers 503 service_unavailable with Retry-After.
 */
export function refuseWhileStarting(app: FastifyInstance, starting: () => string | null) {
  app.addHook('onRequest', async (request) => {
    const what = starting();
    if (what === null || request.url.startsWith('/health')) return;
    throw new ApiError('service_unavailable', `Bazaar is still starting (${what}); retry in a moment.`, {
      headers: { 'retry-after': String(STARTING_RETRY_AFTER_S) },
    });
  });
}

/**
 * Liveness and readiness for load balancers and orchestrators. `/health/live` says the process
 * answers and touches nothing else; `/health/ready` (and `/health`, its older name) also runs a
 * trivial query on the database and a read on the KV store, and answers 503 service_unavailable
 * naming what failed, so traffic goes elsewhere until it answers again. A KV store serving from its
 * per-process fallback (Redis down) is `degraded`, not failed: the process still serves, with
 * limits counted per process, and taking every process out of rotation would turn that into an outage.
 * Until the start is done (`starting` answers null) readiness answers 503 saying what is under way.
 */
export function registerHealth(app: FastifyInstance, deps: { database: Database; kv: Kv; starting?: () => string | null }) {
  const checks = {
    database: { label: 'the database', run: () => deps.database.prisma.$queryRaw`SELECT 1` },
    kv: { label: 'the KV store', run: () => deps.kv.get('health:probe') },
  };

  app.get('/health/live', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const starting = deps.starting?.() ?? null;
    if (starting !== null) {
      throw new ApiError('service_unavailable', `Not ready: still starting (${starting}).`, { headers: { 'retry-after': String(STARTING_RETRY_AFTER_S) } });
    }
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withinTimeout(check.run);
          return [name, name === 'kv' && deps.kv.degraded ? 'degraded' : 'ok'] as const;
        } catch (error) {
          request.log.warn({ err: error, check: name }, 'readiness check failed');
          return [name, 'failed'] as const;
        }
      }),
    );
    const failed = results.filter(([, state]) => state === 'failed').map(([name]) => checks[name as keyof typeof checks].label);
    if (failed.length) throw new ApiError('service_unavailable', `Not ready: ${failed.join(' and ')} did not answer.`);
    return { status: 'ok', database: deps.database.engine, checks: Object.fromEntries(results) };
  };
  app.get('/health/ready', ready);
  app.get('/health', ready);
}
