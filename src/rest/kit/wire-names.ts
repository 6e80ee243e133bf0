import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';

/** Domain fields the REST faces name differently everywhere (the keyset window's cursor). */
const restNames: Record<string, string> = { after: 'starting_after' };

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The domain names fields in camelCase; a REST caller sees the same failure under the names it
 * sent: snake_case by rule, with a route's own exceptions (`size` → `per_page`).
 */
export function toWireFields(error: ApiError, overrides: Record<string, string> = {}): ApiError {
  if (!error.fieldErrors) return error;
  const renamed: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const wire = field
      .split('.')
      .map((part) => overrides[part] ?? restNames[part] ?? snakeCase(part))
      .join('.');
    (renamed[wire] ??= []).push(...messages);
  }
  return error.withFieldErrors(renamed);
}
