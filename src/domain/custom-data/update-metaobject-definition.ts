import { z } from 'zod';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import { checkDisplayField, checkedFields } from './create-metaobject-definition.js';
import { definitionDescription, definitionLimits, definitionName, storefrontVisible } from './definition-fields.js';
import { findMetaobjectDefinition, type MetaobjectDefinitionRow } from './find-metaobject-definition.js';
import { metaobjectFieldInput, type MetaobjectField } from './metaobject-definition-fields.js';

/**
 * A patch of a metaobject definition. `fields` merges by key: a sent field replaces the field of
 * its key (its type is immutable), a new key is added at the end, fields not sent stay. `type`
 * is immutable: it may be sent only unchanged.
 */
export const metaobjectDefinitionPatchShape = {
  type: z.string({ error: 'must be text' }).optional(),
  name: definitionName.optional(),
  description: definitionDescription.optional(),
  displayField: z.string({ error: 'must be the key of one of the fields' }).nullable().optional(),
  storefrontVisible: storefrontVisible.optional(),
  fields: z
    .array(metaobjectFieldInput, { error: 'must be a list of fields' })
    .max(definitionLimits.maxFields, { error: `must hold at most ${definitionLimits.maxFields} fields` })
    .optional(),
};

export const metaobjectDefinitionPatch = z.strictObject(metaobjectDefinitionPatchShape);
export type MetaobjectDefinitionPatch = z.output<typeof metaobjectDefinitionPatch>;

/** The stored fields with the sent ones merged in by key; a sent field may not change its type. */
function mergedFields(current: MetaobjectField[], sent: MetaobjectField[]): MetaobjectField[] {
  const merged = [...current];
  sent.forEach((field, index) => {
    const at = merged.findIndex((f) => f.key === field.key);
    if (at === -1) merged.push(field);
    else if (merged[at]!.type !== field.type) throw ApiError.invalidField(`fields.${index}.type`, `is immutable: field ${field.key} is ${merged[at]!.type}`);
    else merged[at] = field;
  });
  if (merged.length > definitionLimits.maxFields)
    throw ApiError.invalidField('fields', `would hold ${merged.length} fields; at most ${definitionLimits.maxFields}`);
  return merged;
}

/**
 * Changes the metaobject type's fields sent, in one transaction with its event; a patch that
 * changes nothing writes nothing. Another store's or an unknown type is a 404. Entries are not
 * rewritten: a new required field or validation applies to each entry at its next write, which
 * checks the whole entry again (PATCH /metaobjects/{id}).
 */
export async function updateMetaobjectDefinition(ctx: Ctx, type: string, input: MetaobjectDefinitionPatch): Promise<MetaobjectDefinitionRow> {
  return withTransaction(ctx, async (tx) => {
    // Written first, so concurrent patches of one type take turns and each merges into the fields the last one committed.
    await tx.db.metaobjectDefinition.updateMany({ where: { type }, data: { updatedAt: new Date() } });
    const current = await findMetaobjectDefinition(tx, type);
    if (!current) throw ApiError.notFound('Metaobject definition');
    if (input.type !== undefined && input.type !== current.type) throw ApiError.invalidField('type', `is immutable: this definition's type is ${current.type}`);
    const fields = input.fields ? mergedFields(current.fields, checkedFields(input.fields)) : current.fields;
    const displayField = input.displayField === undefined ? current.displayField : input.displayField;
    checkDisplayField(displayField, fields);
    const { name, description, storefrontVisible: visible } = input;
    const changes = {
      name,
      description,
      displayField: input.displayField,
      storefrontVisible: visible,
      fields: input.fields && (fields as unknown as object[]),
    };
    const data = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (!Object.keys(data).length) return current;
    const definition = await tx.db.metaobjectDefinition.update({ where: { id: current.id }, data });
    tx.outbox.append({ topic: 'metaobject_definitions/update', payload: { id: definition.id, type: definition.type } });
    return { ...definition, fields };
  });
}
