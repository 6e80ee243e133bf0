import type { Metaobject } from '../../generated/prisma/client.js';
import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';
import { jsonHasNul } from '../../platform/validation/body-fields.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import { findMetaobjectDefinition, type MetaobjectDefinitionRow } from './find-metaobject-definition.js';
import { metaobjectLimits, type MetaobjectInput } from './metaobject-definition-fields.js';
import { checkTypedValues } from './typed-values.js';
import { isUniqueCollision } from './unique-collision.js';

const taken = (input: MetaobjectInput) =>
  new ApiError('conflict', `A ${input.type} with the handle ${input.handle} already exists in this store.`, {
    fieldErrors: { handle: [`is already the handle of another ${input.type}`] },
  });

/** Every field of the entry against its definition: no unknown keys, required ones present, each value of its type (creates and patches alike). */
export async function checkFields(ctx: Ctx, definition: MetaobjectDefinitionRow, fields: Record<string, unknown>) {
  if (Buffer.byteLength(JSON.stringify(fields)) > metaobjectLimits.maxBytes)
    throw ApiError.invalidField('fields', `must be at most ${metaobjectLimits.maxBytes} bytes as JSON`);
  if (jsonHasNul(fields)) throw ApiError.invalidField('fields', 'must not contain NUL characters');
  const problems: FieldErrors = {};
  const known = new Set(definition.fields.map((f) => f.key));
  for (const key of Object.keys(fields)) if (!known.has(key)) problems[`fields.${key}`] = [`is not a field of ${definition.type}`];
  for (const field of definition.fields) {
    if (field.required && (fields[field.key] === undefined || fields[field.key] === null)) problems[`fields.${field.key}`] = ['is required'];
  }
  const present = definition.fields.filter((f) => fields[f.key] !== undefined && fields[f.key] !== null);
  await checkTypedValues(
    ctx,
    present.map((f) => ({ path: `fields.${f.key}`, type: f.type, validations: f.validations, value: fields[f.key] })),
    problems,
  );
}

/**
 * Creates an entry of a metaobject type, in one transaction with its event. The handle is unique
 * within the type: a taken one is a 409 `conflict`, found up front or, when a concurrent create of
 * the same handle commits first, by the unique index, so two racing creates give one entry.
 */
export async function createMetaobject(ctx: Ctx, input: MetaobjectInput): Promise<{ entry: Metaobject; definition: MetaobjectDefinitionRow }> {
  const definition = await findMetaobjectDefinition(ctx, input.type);
  if (!definition) throw ApiError.invalidField('type', `has no metaobject definition in this store; define it first (POST /metaobject-definitions)`);
  await checkFields(ctx, definition, input.fields);
  const fields = Object.fromEntries(Object.entries(input.fields).filter(([, v]) => v !== null));
  if (await ctx.db.metaobject.findFirst({ where: { definitionId: definition.id, handle: input.handle }, select: { id: true } })) throw taken(input);
  try {
    const entry = await withTransaction(ctx, async (tx) => {
      const created = await tx.db.metaobject.create({
        data: { storeId: tx.db.$storeId, definitionId: definition.id, handle: input.handle, fields: fields as object },
      });
      tx.outbox.append({ topic: 'metaobjects/create', payload: { id: created.id, type: definition.type, handle: created.handle } });
      return created;
    });
    return { entry, definition };
  } catch (error) {
    if (isUniqueCollision(error, 'Metaobject')) throw taken(input);
    throw error;
  }
}
