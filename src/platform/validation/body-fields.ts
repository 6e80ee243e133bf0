import { z } from 'zod';
import { hasNoNul } from './text-rules.js';

// Field parsers for write bodies. One body may arrive as JSON or as multipart/form-data, where every
// field is text: booleans and whole numbers therefore also accept their text forms, and an empty
// part of a nullable field means null (a form has no other way to send one).

/** The message of a missing required field, or `message` for a value of the wrong kind. */
export const requiredOr = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message);

const blankIsNull = (v: unknown) => (v === '' ? null : v);

/** `true`, `false`, `1` or `0`, as a JSON value or as text. */
export const flexBoolean = z.preprocess(
  (v) => {
    if (v === 'true' || v === '1' || v === 1) return true;
    if (v === 'false' || v === '0' || v === 0) return false;
    return v;
  },
  z.boolean({ error: requiredOr('must be true, false, 1 or 0') }),
);

/** A whole number between the bounds, as a JSON number or as text. */
export function wholeNumber(min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,12}$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: `must be at most ${max}` }),
  );
}

/** Text of at most `max` characters, trimmed, not empty, without NUL. */
export function requiredText(max: number) {
  return z
    .string({ error: requiredOr('must be text') })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine(hasNoNul, { error: 'must not contain NUL characters' });
}

/** Optional text that may be cleared: null or an empty text stores null. */
export function nullableText(max: number) {
  return z.preprocess(
    blankIsNull,
    z
      .string({ error: 'must be text or null' })
      .max(max, { error: `must be at most ${max} characters` })
      .refine(hasNoNul, { error: 'must not contain NUL characters' })
      .nullable(),
  );
}

/** A field that may be cleared with null (or an empty multipart part). */
export function clearable<S extends z.ZodType>(schema: S) {
  return z.preprocess(blankIsNull, schema.nullable());
}

/** A calendar day, `YYYY-MM-DD`, as a UTC midnight Date. */
export const calendarDay = z
  .string({ error: 'must be a date such as 2026-01-31' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date such as 2026-01-31' })
  .transform((v, ctx) => {
    const date = new Date(`${v}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v) {
      ctx.addIssue({ code: 'custom', message: 'must be a real calendar date such as 2026-01-31' });
      return z.NEVER;
    }
    return date;
  });

/** Whether a JSON value holds a NUL anywhere (PostgreSQL jsonb refuses it), in a key or a string. */
export function jsonHasNul(value: unknown): boolean {
  if (typeof value === 'string') return !hasNoNul(value);
  if (Array.isArray(value)) return value.some(jsonHasNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([k, v]) => !hasNoNul(k) || jsonHasNul(v));
  return false;
}

/** A JSON object within a key count and a serialized size. */
export function jsonObject(limits: { maxKeys: number; maxBytes: number }) {
  return z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }).superRefine((value, ctx) => {
    if (Object.keys(value).length > limits.maxKeys) ctx.addIssue({ code: 'custom', message: `must have at most ${limits.maxKeys} keys` });
    else if (Buffer.byteLength(JSON.stringify(value)) > limits.maxBytes) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${limits.maxBytes} bytes as JSON` });
    } else if (jsonHasNul(value)) ctx.addIssue({ code: 'custom', message: 'must not contain NUL characters' });
  });
}
