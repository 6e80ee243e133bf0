import { describe, expect, it } from 'vitest';
import { CachedAnswers } from '../../../src/http/response-cache/cached-answers.js';

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
