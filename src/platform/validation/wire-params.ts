import { z } from 'zod';
import { instantRangeRule, isWithinInstantRange } from './instant-range.js';
import { hasNoNul, uuidPattern } from './text-rules.js';

// Parsers for values that arrive as text (query strings, path segments, command-line flags): each
// turns the wire form into a typed value and documents its bounds for OpenAPI.

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

// Every parameter helper is optional inside its preprocess, so a blank query value ("?page=")
// counts as absent rather than as a malformed value. Defaults are applied by the caller.

/** An integer from a query string or a number. */
export function integerParam(min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : blankToUndefined(v)),
    z
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: `must be at most ${max}` })
      .optional(),
  );
}

/** `true`, `false`, `1` or `0`, from a query string or a boolean. */
export const booleanParam = z.preprocess(
  (v) => {
    if (v === 'true' || v === '1' || v === 1) return true;
    if (v === 'false' || v === '0' || v === 0) return false;
    return blankToUndefined(v);
  },
  z.boolean({ error: 'must be true, false, 1 or 0' }).optional(),
);

export function textParam(max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : blankToUndefined(v)),
    z
      .string({ error: 'must be text' })
      .max(max, { error: `must be at most ${max} characters` })
      .refine(hasNoNul, { error: 'must not contain NUL characters' })
      .optional(),
  );
}

/** A locale code: anything that is not one of the store's published codes falls back to the primary, so nothing is refused. */
export const localeParam = z.preprocess((v) => (typeof v === 'string' && v.length <= 35 ? v.trim() || undefined : undefined), z.string().optional());

export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(blankToUndefined, z.enum(values, { error: `must be one of: ${values.join(', ')}` }).optional());
}

/** Date.parse rolls 2026-02-30 over into March; a timestamp must name a real day. */
function isCalendarDate(ymd: string): boolean {
  const [year, month, day] = ymd.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isoTimestamp = /^(\d{4}-\d{2}-\d{2})(?:[T ]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/i;

/**
 * An ISO 8601 timestamp. One without an offset is read as UTC, never as the server's local time,
 * so every process reads a poll's `updated_after` alike.
 */
export const timestampParam = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'must be an ISO 8601 timestamp' })
    .refine((v) => isoTimestamp.test(v) && isCalendarDate(v.slice(0, 10)), { error: 'must be an ISO 8601 timestamp, such as 2026-01-31T12:00:00Z' })
    .transform((v) => {
      const [, day, hour, offset] = isoTimestamp.exec(v)!;
      if (hour === undefined) return new Date(`${day}T00:00:00Z`);
      return new Date(offset ? v.replace(' ', 'T') : `${v.replace(' ', 'T')}Z`);
    })
    .refine(isWithinInstantRange, { error: instantRangeRule })
    .optional(),
);

export const uuidParam = z.preprocess(blankToUndefined, z.string({ error: 'must be a uuid' }).regex(uuidPattern, { error: 'must be a uuid' }).optional());

export const cursorParam = z.preprocess(
  blankToUndefined,
  z.string({ error: 'is not a cursor this API issued' }).max(2048, { error: 'is not a cursor this API issued' }).optional(),
);
