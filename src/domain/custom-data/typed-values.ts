import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { unresolvedReferences } from './resolve-references.js';
import { valueProblem, type Validation, type ValueReference, type ValueType } from './value-types.js';

export interface TypedValue {
  /** Where the value was sent, as its 422 names it (`metafields.custom.material`, `fields.title`). */
  path: string;
  type: ValueType;
  validations: Validation[];
  value: unknown;
}

/**
 * Checks values against their types and validations, then resolves the references they name in
 * one batch. `problems` already found (an undefined key, a missing required field) are answered
 * with the value problems as one 422 `validation_failed`; when every value is well formed but a
 * reference does not resolve, a metaobject answers 422 `metaobject_reference_invalid` (its
 * message starts with the value's path) and a product 422 `validation_failed` naming the path.
 */
export async function checkTypedValues(ctx: Ctx, values: TypedValue[], problems: FieldErrors = {}): Promise<void> {
  const referencesOf = new Map<string, ValueReference[]>();
  for (const { path, type, validations, value } of values) {
    const references: ValueReference[] = [];
    const problem = valueProblem(type, validations, value, references);
    if (problem) problems[path] = [problem];
    else if (references.length) referencesOf.set(path, references);
  }
  if (Object.keys(problems).length) throw ApiError.validation(problems);
  if (!referencesOf.size) return;
  const unresolved = await unresolvedReferences(ctx, [...referencesOf.values()].flat());
  if (!unresolved.size) return;
  const broken: FieldErrors = {};
  for (const [path, references] of referencesOf) {
    const missing = references.find((r) => unresolved.has(r));
    if (!missing) continue;
    const what = missing.kind === 'product' ? 'product' : `metaobject${missing.type ? ` of type ${missing.type}` : ''}`;
    broken[path] = [`names a ${what} (${missing.id}) that does not exist in this store`];
  }
  if (![...unresolved].some((r) => r.kind === 'metaobject')) throw ApiError.validation(broken);
  const [path, messages] = Object.entries(broken)[0]!;
  throw new ApiError('metaobject_reference_invalid', `${path} ${messages[0]}.`, { fieldErrors: broken });
}
