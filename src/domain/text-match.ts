/** A LIKE pattern that matches `text` literally: `%`, `_` and the backslash lose their wildcard meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A Prisma condition: the column holds `text` anywhere, whatever the case, with wildcards taken literally. */
export function containsText(text: string) {
  return { contains: escapeLike(text), mode: 'insensitive' as const };
}
