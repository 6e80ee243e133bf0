import { ApiError } from '../../platform/errors/api-error.js';
import { statusOf } from '../../platform/errors/error-codes.js';
import { builder } from '../builder.js';

export interface UserErrorShape {
  /** The input field at fault in the caller's GraphQL vocabulary (`input.price`), or null for the whole call. */
  field: string | null;
  code: string;
  message: string;
}

export const UserError = builder.objectRef<UserErrorShape>('UserError').implement({
  description: 'A mistake in the mutation input, as the REST faces would answer it with a 4xx: the field, the error table code, a message.',
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true, description: 'The input field at fault, as a path such as `input.variants.0.price`.' }),
    code: t.exposeString('code', { description: 'The error table code, the same one REST answers (`validation_failed`, `not_found`, …).' }),
    message: t.exposeString('message'),
  }),
});

/** What the caller can fix by changing the input: these are userErrors; anything else (auth, limits, faults) stays a GraphQL error. */
const callerMistakeStatuses = new Set([404, 409, 422]);

/**
 * Runs a mutation's domain call and turns a caller's mistake into `userErrors` with the field
 * named by `fieldName` (domain camelCase to the mutation's input path); other failures propagate.
 */
export async function asMutationPayload<T>(
  run: () => Promise<T>,
  fieldName: (domainField: string) => string = (field) => `input.${field}`,
): Promise<{ result: T | null; userErrors: UserErrorShape[] }> {
  try {
    return { result: await run(), userErrors: [] };
  } catch (error) {
    if (!(error instanceof ApiError) || !callerMistakeStatuses.has(statusOf(error.code, 'graphql'))) throw error;
    const fieldErrors = Object.entries(error.fieldErrors ?? {});
    if (!fieldErrors.length) return { result: null, userErrors: [{ field: null, code: error.code, message: error.message }] };
    return {
      result: null,
      userErrors: fieldErrors.flatMap(([field, messages]) => messages.map((message) => ({ field: fieldName(field), code: error.code, message }))),
    };
  }
}
