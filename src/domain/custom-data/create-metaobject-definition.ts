import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import type { MetaobjectDefinitionRow } from './find-metaobject-definition.js';
import type { MetaobjectDefinitionInput, MetaobjectField } from './metaobject-definition-fields.js';
import { isUniqueCollision } from './unique-collision.js';
import { validationsProblem } from './value-types.js';

const taken = (type: string) =>
  new ApiError('conflict', `A metaobject definition of type ${type} already exists in this store.`, {
    fieldErrors: { type: ['is already defined in this store'] },
  });

/** The fields as stored: keys unique, each field's validations fit for its type (a failure names `fields.N`). */
export function checkedFields(sent: MetaobjectDefinitionInput['fields']): MetaobjectField[] {
  const seen = new Set<string>();
  return sent.map((field, index) => {
    if (seen.has(field.key)) throw ApiError.invalidField(`fields.${index}.key`, `repeats ${field.key}`);
    seen.add(field.key);
    const validations = field.validations ?? [];
    const problem = validationsProblem(field.type, validations);
    if (problem) throw ApiError.invalidField(`fields.${index}.validations.${problem.path}`, problem.message);
    return { key: field.key, name: field.name, type: field.type, required: field.required ?? false, validations };
  });
}

export function checkDisplayField(displayField: string | null, fields: MetaobjectField[]): void {
  if (displayField !== null && !fields.some((f) => f.key === displayField)) throw ApiError.invalidField('displayField', 'must be the key of one of the fields');
}

/**
 * Defines a metaobject type, in one transaction with its event. `display_field` must name one of
 * its fields. A taken type is a 409 `conflict`, found up front or by the unique index when a
 * concurrent create commits first.
 */
export async function createMetaobjectDefinition(ctx: Ctx, input: MetaobjectDefinitionInput): Promise<MetaobjectDefinitionRow> {
  const fields = checkedFields(input.fields);
  const displayField = input.displayField ?? null;
  checkDisplayField(displayField, fields);
  if (await ctx.db.metaobjectDefinition.findFirst({ where: { type: input.type }, select: { id: true } })) throw taken(input.type);
  try {
    return await withTransaction(ctx, async (tx) => {
      const definition = await tx.db.metaobjectDefinition.create({
        data: {
          storeId: tx.db.$storeId,
          type: input.type,
          name: input.name,
          description: input.description ?? null,
          displayField,
          storefrontVisible: input.storefrontVisible ?? false,
          fields: fields as unknown as object[],
          installationId: ctx.principal.installation?.id ?? null,
        },
      });
      tx.outbox.append({ topic: 'metaobject_definitions/create', payload: { id: definition.id, type: definition.type } });
      return { ...definition, fields };
    });
  } catch (error) {
    if (isUniqueCollision(error, 'MetaobjectDefinition')) throw taken(input.type);
    throw error;
  }
}
