import { describe, expect, it } from 'vitest';
import { CachedAnswers } from '../../../src/http/response-cache/cached-answers.js';

// Answers built together (a warm-up, a restart, a thousand stores' first reads) must not all be
// built again together: each is due for refresh at its own share of the maximum age.

describe('the refresh of an answer without writes', () => {
  it('is due between half and four fifths of the maximum age, spread across it', () => {
    const answers = new CachedAnswers({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
    const due = Array.from({ length: 1000 }, () => answers.refreshDueAt(1_000_000) - 1_000_000);
    expect(Math.min(...due)).toBeGreaterThanOrEqual(30_000);
    expect(Math.max(...due)).toBeLessThanOrEqual(48_000);
    expect(Math.max(...due) - Math.min(...due)).toBeGreaterThan(9_000);
  });
});
