import type pg from 'pg';

/**
 * Turns PostgreSQL's JIT off on a pool's connection, before the pool hands it out (pg-pool's
 * `onConnect`): the server's pool, and the bench's floor, so the two plan alike.
 * JIT compiles a statement's plan again on every run once its estimated cost passes
 * `jit_above_cost`, and that took 100–250 ms here, where the statement runs in about one. The
 * storefront's JSON statements nest subplans the planner estimates far above what they read: a
 * product page whose estimate crossed the line went from 615 answers a second to 1. No statement of
 * Bazaar's runs long enough to win the compilation back. A server that refuses the setting keeps
 * its own, and the statement that follows still runs.
 */
export async function withoutJit(client: pg.ClientBase): Promise<void> {
  await client.query('SET jit = off').catch(() => {});
}
