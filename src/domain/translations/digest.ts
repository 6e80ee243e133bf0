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
