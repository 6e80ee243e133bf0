import { sha256Hex } from '../../platform/crypto/tokens.js';

/**
 * The digest of a source text: SHA-256 of its UTF-8 bytes, hex. A translation keeps the digest of
 * the source it translated; when the source's digest differs, the translation is outdated.
 */
export function sourceDigest(text: string): string {
  return sha256Hex(text);
}

/** The digest of every key of a source. */
export function digestsOf(source: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(source).map(([key, text]) => [key, sourceDigest(text)]));
}

/**
 * What a translation row stores for `texts` translating `source`: the texts of the keys the source
 * has, and the digest of each key's source. registerTranslations writes this; bulk loaders (the
 * demo seed's catalogue, thousands of rows in one statement) build their rows with it, so their
 * translations read current, never outdated.
 */
export function storedTranslation(source: Record<string, string | null | undefined>, texts: Record<string, string>) {
  const fields: Record<string, string> = {};
  const digests: Record<string, string> = {};
  for (const [key, text] of Object.entries(texts)) {
    const original = source[key];
    if (typeof original !== 'string' || original === '' || text === '') continue;
    fields[key] = text;
    digests[key] = sourceDigest(original);
  }
  return { fields, digests };
}
