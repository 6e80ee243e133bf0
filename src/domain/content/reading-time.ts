/** Words a reader gets through in a minute, the common figure for on-screen prose. */
const WORDS_PER_MINUTE = 200;

/** The words a reader reads in markdown: link and image addresses, HTML tags and markup characters are not read. */
export function wordsOf(markdown: string): number {
  const text = markdown
    .replace(/```[^\n]*\n/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[#>*_`~|\\[\]()-]/g, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Whole minutes, rounded up, at least one. */
export function readingTimeOf(markdown: string): number {
  return Math.max(1, Math.ceil(wordsOf(markdown) / WORDS_PER_MINUTE));
}
