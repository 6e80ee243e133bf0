/** A seeded random stream; the same seed always yields the same sequence, so seeded catalogs are reproducible. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in their original order. */
  sample<T>(items: readonly T[], count: number): T[];
}

// mulberry32: 32 bits of state, fast and well distributed enough for fixtures.
function mulberry32(state: number): () => number {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Folds any number of integers into one 32-bit seed, so product n of seed s has a stream of its
 * own: a later run that starts at another index gets new products instead of repeats.
 */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = String(part);
    for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x2c, 0x01000193);
  }
  return h >>> 0;
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => items[int(0, items.length - 1)]!,
    sample(items, count) {
      const indexes = items.map((_, i) => i);
      for (let i = indexes.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
      }
      return indexes
        .slice(0, Math.min(count, items.length))
        .sort((a, b) => a - b)
        .map((i) => items[i]!);
    },
  };
}
