import { ApiError, type FieldErrors } from '../errors/api-error.js';
import { instantRangeRule, isWithinInstantRange } from './instant-range.js';
import { unstorableText } from './text-rules.js';

/** Data as JSON, a query string, a form or GraphQL arguments carry it (their objects may lack Object's prototype); file bytes hold no text. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !(value instanceof Date);
}

function collect(value: unknown, path: string[], found: FieldErrors) {
  const field = () => (path.length ? path.join('.') : 'request');
  const problem = typeof value === 'string' ? unstorableText(value) : value instanceof Date && !isWithinInstantRange(value) ? instantRangeRule : null;
  if (problem) (found[field()] ??= []).push(problem);
  else if (Array.isArray(value)) value.forEach((item, index) => collect(item, [...path, String(index)], found));
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      // A key is stored too (metadata, metafields): its problem is named on the object that holds it.
      const keyProblem = unstorableText(key);
      if (keyProblem) (found[field()] ??= []).push(`${keyProblem} in its keys`);
      else collect(item, [...path, key], found);
    }
  }
}

/**
 * The one rule for input PostgreSQL cannot store, applied to a whole input at any depth: text with
 * NUL or an unpaired surrogate, an instant outside the instant range (a GraphQL DateTime; REST's
 * timestamps are text, held to the same range by timestampParam). Every REST route (parseInput) and
 * every GraphQL argument (src/graphql/storable-arguments.ts) refuses it with a 422 naming each field,
 * instead of failing in the database.
 */
export function assertStorableInput(input: unknown) {
  const found: FieldErrors = {};
  collect(input, [], found);
  if (Object.keys(found).length) throw ApiError.validation(found);
}
