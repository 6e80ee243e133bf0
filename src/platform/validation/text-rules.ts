/** PostgreSQL text cannot hold a NUL character, so no text input may carry one. */
export const hasNoNul = (v: string) => !v.includes('\u0000');

/** Half of a surrogate pair without its other half: not a character, so UTF-8 (text) and jsonb refuse it. */
const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL cannot store this text as sent (NUL fails text and jsonb; a lone surrogate fails jsonb and becomes U+FFFD in text), or null. */
export function unstorableText(text: string): string | null {
  if (!hasNoNul(text)) return 'must not contain NUL characters';
  if (unpairedSurrogate.test(text)) return 'must not contain unpaired surrogate characters';
  return null;
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
