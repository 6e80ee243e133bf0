/** PostgreSQL text cannot hold a NUL character, so no text input may carry one. */
export const hasNoNul = (v: string) => !v.includes('\u0000');

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
