import type { MetafieldDefinition } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import type { MetafieldDefinitionInput } from './metafield-definition-fields.js';
import { namespaceRefusal } from './namespaces.js';
import { isUniqueCollision } from './unique-collision.js';
import { validationsProblem } from './value-types.js';

const taken = (input: MetafieldDefinitionInput) =>
  new ApiError('conflict', `A ${input.ownerType} metafield ${input.namespace}.${input.key} is already defined in this store.`, {
    fieldErrors: { key: [`is already defined for ${input.ownerType}s under ${input.namespace}`] },
  });

/**
 * Defines a metafield for an owner type, in one transaction with its event. The namespace must
 * be the caller's to write (namespaces.ts); the definer's installation is recorded. A taken
 * (owner type, namespace, key) is a 409 `conflict`, found up front or by the unique index when a
 * concurrent create commits first.
 */
export async function createMetafieldDefinition(ctx: Ctx, input: MetafieldDefinitionInput): Promise<MetafieldDefinition> {
  const refusal = namespaceRefusal(ctx.principal, input.namespace);
  if (refusal) throw ApiError.invalidField('namespace', refusal);
  const validations = input.validations ?? [];
  const problem = validationsProblem(input.type, validations);
  if (problem) throw ApiError.invalidField(`validations.${problem.path}`, problem.message);
  const identity = { ownerType: input.ownerType, namespace: input.namespace, key: input.key };
  if (await ctx.db.metafieldDefinition.findFirst({ where: identity, select: { id: true } })) throw taken(input);
  try {
    return await withTransaction(ctx, async (tx) => {
      const definition = await tx.db.metafieldDefinition.create({
        data: {
          storeId: tx.db.$storeId,
          ...identity,
          name: input.name,
          description: input.description ?? null,
          type: input.type,
          validations: validations as object[],
          storefrontVisible: input.storefrontVisible ?? false,
          installationId: ctx.principal.installation?.id ?? null,
        },
      });
      tx.outbox.append({
        topic: 'metafield_definitions/create',
        payload: { id: definition.id, owner_type: definition.ownerType, namespace: definition.namespace, key: definition.key },
      });
      return definition;
    });
  } catch (error) {
    if (isUniqueCollision(error, 'MetafieldDefinition')) throw taken(input);
    throw error;
  }
}
