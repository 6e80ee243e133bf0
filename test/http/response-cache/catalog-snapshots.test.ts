import { describe, expect, it } from 'vitest';
import { CatalogSnapshots } from '../../../src/http/response-cache/catalog-snapshots.js';

// A kept read is held for up to the cache's maximum age across thousands of stores, so what is
// kept must be the value alone, not whatever the read returned: a Prisma query's promise holds its
// call's stack, and through it the request's context and loaders (about a megabyte a store).

const tokens = { version: 'v1', facts: 'f1', sales: 's1' };

/** A promise-like that is not a native promise, as a Prisma query is, and that says how often it ran. */
function queryLike<T>(value: T) {
  const query = { runs: 0, then: (resolve: (v: T) => unknown) => resolve(((query.runs += 1), value)) };
  return query;
}

describe('a catalogue snapshot', () => {
  it('keeps a native promise of the value, not the query that read it, and reads it once per version', async () => {
    const snapshots = new CatalogSnapshots(60_000);
    const query = queryLike({ total: 12 });
    const first = snapshots.snapshot('store-1', tokens, { facts: null, rowAtTokens: true }).kept('count', () => query as unknown as Promise<{ total: number }>);
    expect(Object.getPrototypeOf(first)).toBe(Promise.prototype);
    expect(await first).toEqual({ total: 12 });
    const again = snapshots.snapshot('store-1', tokens, { facts: null, rowAtTokens: true }).kept('count', () => Promise.resolve({ total: 99 }));
    expect(again).toBe(first);
    expect(query.runs).toBe(1);
  });
});
