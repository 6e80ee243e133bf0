/** A URL slug from any title: accents dropped, lower-case letters, digits and single dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/**
 * Hands out slugs unique within a store: the first product with a title gets its bare slug,
 * later ones get -2, -3, … Starts from the store's existing slugs so a second run never collides.
 */
export function createSlugClaimer(taken: Iterable<string>): (base: string) => string {
  const used = new Set(taken);
  const nextSuffix = new Map<string, number>();
  return (base) => {
    let slug = base;
    let suffix = nextSuffix.get(base) ?? 2;
    while (used.has(slug)) {
      slug = `${base}-${suffix}`;
      suffix += 1;
    }
    nextSuffix.set(base, suffix);
    used.add(slug);
    return slug;
  };
}
