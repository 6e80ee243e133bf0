import type { StoreDb } from '../../../platform/database/store-scoped-client.js';

/** Letters that Unicode decomposition leaves alone, spelled the way their languages spell them in ASCII. */
const latinLetters: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  å: 'a',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

/** Cyrillic and Greek, transliterated letter by letter (the common scientific spellings). */
const otherScripts: Record<string, string> = Object.fromEntries(
  [
    ['абвгдезийклмнопрстуфхцыэ', ['a', 'b', 'v', 'g', 'd', 'e', 'z', 'i', 'y', 'k', 'l', 'm', 'n', 'o', 'p', 'r', 's', 't', 'u', 'f', 'kh', 'ts', 'y', 'e']],
    ['ёжчшщюяіїєґ', ['e', 'zh', 'ch', 'sh', 'shch', 'yu', 'ya', 'i', 'yi', 'ye', 'g']],
    [
      'αβγδεζηθικλμνξοπρσςτυφχψω',
      ['a', 'v', 'g', 'd', 'e', 'z', 'i', 'th', 'i', 'k', 'l', 'm', 'n', 'x', 'o', 'p', 'r', 's', 's', 't', 'y', 'f', 'ch', 'ps', 'o'],
    ],
  ].flatMap(([letters, spelled]) => [...(letters as string)].map((letter, i) => [letter, (spelled as string[])[i]!])),
);

const MAX_SLUG = 80;

/**
 * A URL slug from a title: lower case, accents dropped, common Latin, Cyrillic and Greek letters
 * transliterated, anything else a single dash. Empty when nothing of the title survives (a title in
 * another script), in which case the caller falls back to a neutral word.
 */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x00-\x7f]/g, (c) => latinLetters[c] ?? otherScripts[c] ?? '-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
}

/**
 * The slug a new product gets: the title's, or with the lowest free suffix (-2, -3, …) when the store
 * already has it. Deleted products count, so their slugs stay reserved. A concurrent create may take
 * the same slug first; the unique index refuses the second and its caller retries (create-product.ts).
 */
export async function freeSlug(db: StoreDb, title: string): Promise<string> {
  const base = slugOf(title) || 'product';
  const rows = await db.product.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } });
  return firstFreeSlug(base, new Set(rows.map((r) => r.slug)));
}

/** `base`, or `base` with the lowest suffix (-2, -3, …) that is not `taken`. */
export function firstFreeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
