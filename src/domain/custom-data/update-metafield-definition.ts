import { z } from 'zod';
import type { MetafieldDefinition } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { parseRecordId } from '../record-id.js';
import { withTransaction } from '../transaction.js';
import { definitionDescription, definitionName, storefrontVisible, validationList } from './definition-fields.js';
import { namespaceRefusal } from './namespaces.js';
import { validationsProblem, type ValueType } from './value-types.js';

/**
 * A patch of a metafield definition: what it is called, its validations and whether shoppers read
 * it. Where it lives and what it holds (owner type, namespace, key, type) are immutable: they may
 * be sent only unchanged, so a client can send back what it read.
 */
export const metafieldDefinitionPatchShape = {
  name: definitionName.optional(),
  description: definitionDescription.optional(),
  validations: validationList.optional(),
  storefrontVisible: storefrontVisible.optional(),
  ownerType: z.string({ error: 'must be text' }).optional(),
  namespace: z.string({ error: 'must be text' }).optional(),
  key: z.string({ error: 'must be text' }).optional(),
  type: z.string({ error: 'must be text' }).optional(),
};

export const metafieldDefinitionPatch = z.strictObject(metafieldDefinitionPatchShape);
export type MetafieldDefinitionPatch = z.output<typeof metafieldDefinitionPatch>;

const immutable = ['ownerType', 'namespace', 'key', 'type'] as const;

/**
 * Changes the fields sent, in one transaction with its event; a patch that changes nothing writes
 * nothing. `{definition}` is the uuid or the integer id (another store's is a 404). A definition
 * under an app's namespace is changed only by that app's installation, `bazaar.*` by nobody (422
 * on `namespace`, as on create). New validations apply to values written from then on.
 */
export async function updateMetafieldDefinition(ctx: Ctx, rawId: string, input: MetafieldDefinitionPatch): Promise<MetafieldDefinition> {
  const ref = parseRecordId(rawId);
  return withTransaction(ctx, async (tx) => {
    const current = ref && (await tx.db.metafieldDefinition.findFirst({ where: ref }));
    if (!current) throw ApiError.notFound('Metafield definition');
    for (const field of immutable) {
      if (input[field] !== undefined && input[field] !== current[field])
        throw ApiError.invalidField(field, `is immutable: this definition's ${field} is ${current[field]}`);
    }
    const refusal = namespaceRefusal(ctx.principal, current.namespace);
    if (refusal) throw ApiError.invalidField('namespace', refusal);
    if (input.validations) {
      const problem = validationsProblem(current.type as ValueType, input.validations);
      if (problem) throw ApiError.invalidField(`validations.${problem.path}`, problem.message);
    }
    const { name, description, validations, storefrontVisible: visible } = input;
    const data = Object.fromEntries(
      Object.entries({ name, description, validations: validations as object[] | undefined, storefrontVisible: visible }).filter(([, v]) => v !== undefined),
    );
    if (!Object.keys(data).length) return current;
    const definition = await tx.db.metafieldDefinition.update({ where: { id: current.id }, data });
    tx.outbox.append({
      topic: 'metafield_definitions/update',
      payload: { id: definition.id, owner_type: definition.ownerType, namespace: definition.namespace, key: definition.key },
    });
    return definition;
  });
}
