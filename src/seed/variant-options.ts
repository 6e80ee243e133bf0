import type { OptionKind } from './category-tree.js';
import type { Random } from './prng.js';

export interface OptionSpec {
  name: 'Size' | 'Colour';
  values: string[];
}

export interface Combination {
  /** Option name to value, in option order: {"Size":"M","Colour":"Red"}. */
  values: Record<string, string>;
  title: string;
  /** Index of the Colour value in its option, when there is a Colour option; variants use it to pick an image. */
  colourIndex: number | null;
}

const apparelSizes = ['XS', 'S', 'M', 'L', 'XL'];
const bedSizes = ['Single', 'Double', 'Queen', 'King'];
const colours = ['Black', 'White', 'Navy', 'Blue', 'Red', 'Sage', 'Sand'];

/** The swatch of each colour, shown by facets as `color_code`. */
export const colourCodes: Record<string, string> = {
  Black: '#111111',
  White: '#f5f5f5',
  Navy: '#1f2a44',
  Blue: '#2f6fd6',
  Red: '#c62828',
  Sage: '#9caf88',
  Sand: '#d8c3a5',
};

/** A contiguous run of sizes, as a real range is (S–L, not S, L and XS). */
function sizeRun(random: Random, sizes: string[], min: number): string[] {
  const length = random.int(min, sizes.length);
  const start = random.int(0, sizes.length - length);
  return sizes.slice(start, start + length);
}

export function chooseOptions(random: Random, kind: OptionKind): OptionSpec[] {
  const colour = (max: number): OptionSpec => ({ name: 'Colour', values: random.sample(colours, random.int(2, max)) });
  switch (kind) {
    case 'apparel': {
      const size: OptionSpec = { name: 'Size', values: sizeRun(random, apparelSizes, 3) };
      return random.chance(0.6) ? [size, colour(3)] : [size];
    }
    case 'bedding': {
      const size: OptionSpec = { name: 'Size', values: sizeRun(random, bedSizes, 2) };
      return random.chance(0.5) ? [size, colour(3)] : [size];
    }
    case 'colour':
      return [colour(4)];
  }
}

/** Every combination of the options' values, first option varying slowest; none without options. */
export function combinations(options: OptionSpec[]): Combination[] {
  if (options.length === 0) return [];
  let result: { picked: [OptionSpec, number][] }[] = [{ picked: [] }];
  for (const option of options) {
    result = result.flatMap((partial) => option.values.map((_, i) => ({ picked: [...partial.picked, [option, i] as [OptionSpec, number]] })));
  }
  return result.map(({ picked }) => ({
    values: Object.fromEntries(picked.map(([option, i]) => [option.name, option.values[i]!])),
    title: picked.map(([option, i]) => option.values[i]!).join(' / '),
    colourIndex: picked.find(([option]) => option.name === 'Colour')?.[1] ?? null,
  }));
}

const wholeDollars = (cents: number) => Math.max(100, Math.round(cents / 100) * 100);

/** What a size adds to the base price on products whose sizes are priced apart: bed sizes step up, XL costs a little more. */
export function sizePremiumCents(size: string | undefined, baseCents: number): number {
  if (!size) return 0;
  const bedTier = bedSizes.indexOf(size);
  if (bedTier > 0) return bedTier * wholeDollars(baseCents * 0.2);
  return size === 'XL' ? wholeDollars(baseCents * 0.1) : 0;
}
