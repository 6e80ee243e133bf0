import { hmac, safeEqual, sha256Hex } from '../../platform/crypto/tokens.js';
import { ApiError } from '../../platform/errors/api-error.js';

/** A cursor older than this is stale: a poll or a walk is expected to go on within the day. */
export const CURSOR_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** A sort key value; null only for a column declared nullable. */
export type SortValue = string | number | boolean | null;

export interface CursorBinding {
  /** The list the cursor walks, such as `catalog.products`; cursors never cross lists. */
  list: string;
  storeId: string;
  /** Filters and sort, canonicalized; a cursor answers only the same ones. */
  filters: Record<string, unknown>;
}

interface Payload {
  v: 1;
  l: string;
  s: string;
  f: string;
  k: SortValue[];
  t: number;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function fingerprint(filters: Record<string, unknown>): string {
  return sha256Hex(canonical(filters)).slice(0, 22);
}

/** Opaque, signed: the row's sort key (ending in a unique tie-breaker), bound to list, store and filters. */
export function encodeCursor(secret: string, binding: CursorBinding, key: SortValue[], now = Date.now()): string {
  // Issue time to the hour: enough to tell a stale cursor, and a list answer (with its next_cursor)
  // keeps the same bytes, so the same ETag, while the data does not change.
  const payload: Payload = { v: 1, l: binding.list, s: binding.storeId, f: fingerprint(binding.filters), k: key, t: Math.floor(now / 3_600_000) * 3600 };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmac(secret, body)}`;
}

/** `field` is the window field the cursor came in (`after` or `before`); each face names it in its own vocabulary. */
export function decodeCursor(secret: string, binding: CursorBinding, cursor: string, now: number, field: 'after' | 'before'): SortValue[] {
  const invalid = (why: string) =>
    new ApiError('starting_after_invalid', `The cursor ${why}. Start again from the first page.`, { fieldErrors: { [field]: [why] } });
  const [body, signature, extra] = cursor.split('.');
  if (!body || !signature || extra !== undefined || !safeEqual(signature, hmac(secret, body))) throw invalid('is not a cursor this API issued');
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw invalid('is not a cursor this API issued');
  }
  if (payload.v !== 1 || payload.l !== binding.list || payload.s !== binding.storeId) throw invalid('belongs to another list');
  if (payload.f !== fingerprint(binding.filters)) throw invalid('was issued for other filters or another sort');
  if (now - payload.t * 1000 > CURSOR_MAX_AGE_MS) throw invalid('is stale');
  if (!Array.isArray(payload.k)) throw invalid('is not a cursor this API issued');
  return payload.k;
}
