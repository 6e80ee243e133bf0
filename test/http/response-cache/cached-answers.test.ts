import { describe, expect, it } from 'vitest';
import { CachedAnswers } from '../../../src/http/response-cache/cached-answers.js';
import { MemoryKv } from '../../../src/platform/kv/memory-kv.js';

// Answers built together (a warm-up, a restart, a thousand stores' first reads) must not all be
// built again together a maximum age later: each lasts its own share of the last fifth of it.

describe('the life of an answer without writes', () => {
  it('ends within the last fifth of the maximum age, spread across it, never past it', () => {
    const answers = new CachedAnswers({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
    const ends = Array.from({ length: 1000 }, () => answers.lastsUntil(1_000_000) - 1_000_000);
    expect(Math.min(...ends)).toBeGreaterThanOrEqual(48_000);
    expect(Math.max(...ends)).toBeLessThanOrEqual(60_000);
    expect(Math.max(...ends) - Math.min(...ends)).toBeGreaterThan(6_000);
  });
});

describe('an answer past its life', () => {
  const answers = new CachedAnswers({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
  const builtAt = 1_000_000;
  const answer = (staleUntil?: number) => ({
    body: Buffer.from('{}'),
    textBytes: 2,
    contentType: 'application/json',
    builtAt,
    expiresAt: builtAt + 50_000,
    ...(staleUntil === undefined ? {} : { staleUntil }),
    stock: { sales: 's', products: null },
  });

  it('is found stale until its grace ends, half the maximum age past the maximum age at most, and then not at all', async () => {
    await answers.set('graced', answer(answers.staleUntil(builtAt)), builtAt);
    expect(await answers.get('graced', builtAt + 49_999)).toMatchObject({ stale: false });
    expect(await answers.get('graced', builtAt + 50_000)).toMatchObject({ stale: true });
    expect(await answers.get('graced', builtAt + 89_999)).toMatchObject({ stale: true });
    expect(await answers.get('graced', builtAt + 90_000)).toBeNull();
  });

  it('has no grace when it was kept without one (a discount boundary ends it, or another version of Bazaar kept it)', async () => {
    await answers.set('bounded', answer(builtAt + 50_000), builtAt);
    await answers.set('older', answer(), builtAt);
    for (const key of ['bounded', 'older']) expect(await answers.get(key, builtAt + 50_000)).toBeNull();
  });
});

describe('a build another process leads (a fleet sharing Redis)', () => {
  const shared = new MemoryKv();
  const [first, second] = [0, 1].map(() => new CachedAnswers({ maxBytes: 1_000_000, maxAgeMs: 60_000, shared }));

  it('is answered from the newer answer another process kept, not from an aged copy of its own', async () => {
    const builtAt = 1_000_000;
    const page = (body: string, at: number) => ({
      body: Buffer.from(body),
      textBytes: body.length,
      contentType: 'application/json',
      builtAt: at,
      expiresAt: at + 50_000,
      staleUntil: first!.staleUntil(at),
      stock: { sales: 's', products: null },
    });
    await first!.set('list', page('"old"', builtAt), builtAt);
    expect((await second!.get('list', builtAt))?.answer.body?.toString()).toBe('"old"');
    await first!.set('list', page('"new"', builtAt + 55_000), builtAt + 55_000);
    const found = await second!.get('list', builtAt + 55_000);
    expect({ stale: found?.stale, body: found?.answer.body?.toString() }).toEqual({ stale: false, body: '"new"' });
  });

  it('is waited for by a process with nothing to answer, and not by one that holds an answer past its life', async () => {
    const lead = await first!.leadOrFollow('page', 1_000, 200);
    expect(lead).toMatchObject({ answer: null, leading: true });
    // Waiting out the lease would end with the waiter building (leading); not waiting, it answers from what it holds.
    expect(await second!.leadOrFollow('page', 1_000, 200, false)).toMatchObject({ answer: null, leading: false });
    // Released with no answer kept: the waiter builds it itself.
    setTimeout(lead.release, 40);
    expect(await second!.leadOrFollow('page', 1_000, 200)).toMatchObject({ answer: null, leading: true });
  });
});
