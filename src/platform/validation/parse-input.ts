import type { z } from 'zod';
import { ApiError, type FieldErrors } from '../errors/api-error.js';
import { assertStorableInput } from './storable-input.js';

/** Parses an input against its schema; a failure becomes one 422 with every field's messages. Input PostgreSQL cannot store is refused first, whatever the schema. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  assertStorableInput(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'request';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  throw ApiError.validation(fieldErrors);
}
