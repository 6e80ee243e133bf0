import { createHash, type Hash } from 'node:crypto';

/**
 * Feeds a value into the hash in one canonical form: object keys sorted, so two encodings of one
 * JSON body agree, and bytes (an uploaded file) hashed as bytes, so two files of the same name
 * and size but other content differ. Each kind is tagged, so `"1"` and `1` never collide.
 */
function feed(hash: Hash, value: unknown): void {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) {
    hash.update(`b${value.byteLength}:`).update(value);
  } else if (Array.isArray(value)) {
    hash.update(`a${value.length}[`);
    for (const item of value) feed(hash, item);
    hash.update(']');
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    hash.update(`o${entries.length}{`);
    for (const [key, item] of entries) {
      hash.update(`${JSON.stringify(key)}:`);
      feed(hash, item);
    }
    hash.update('}');
  } else if (value === undefined) {
    hash.update('u;');
  } else {
    hash.update(`${typeof value}:${JSON.stringify(value)};`);
  }
}

/** SHA-256 (hex) of the parts of a request that make it "the same call": a repeat must match it exactly. */
export function fingerprintOf(...parts: unknown[]): string {
  const hash = createHash('sha256');
  feed(hash, parts);
  return hash.digest('hex');
}
