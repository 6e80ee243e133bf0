import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';

/**
 * The domain names fields in camelCase; a GraphQL caller sees a failure under the argument path it
 * sent (`filter.keyword`). Fields without an entry keep the domain's name, which GraphQL shares.
 */
export async function withArgNames<T>(names: Record<string, string>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ApiError) || !error.fieldErrors) throw error;
    const renamed: FieldErrors = {};
    for (const [field, messages] of Object.entries(error.fieldErrors)) (renamed[names[field] ?? field] ??= []).push(...messages);
    throw error.withFieldErrors(renamed);
  }
}
