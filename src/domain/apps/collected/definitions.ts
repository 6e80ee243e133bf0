import type { CollectedDefinition } from '../../../generated/prisma/client.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../../pagination/keyset-page.js';
import { asNumber, asString, type KeysetSort } from '../../pagination/keyset.js';
import { withTransaction } from '../../transaction.js';
import { requireInstallation } from '../calling-installation.js';
import { collectedTypePrefix } from '../namespace.js';
import type { DefinitionInput } from './definition-fields.js';
import type { CollectedField } from './field-types.js';

export const definitionListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;

export function fieldsOf(definition: CollectedDefinition): CollectedField[] {
  return definition.fields as unknown as CollectedField[];
}

const byType: KeysetSort<CollectedDefinition> = [
  { field: 'type', direction: 'asc', read: (row) => row.type, parse: asString },
  { field: 'pId', direction: 'asc', read: (row) => row.pId, parse: asNumber },
];

/** The calling installation's collected definitions, by type. */
export function listDefinitions(ctx: Ctx, window: KeysetWindow): Promise<KeysetPage<CollectedDefinition>> {
  const installation = requireInstallation(ctx);
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.collected_definitions', storeId: ctx.store.id, filters: { installation: installation.id } },
      sort: byType,
      where: { installationId: installation.id },
      fetch: (args) => ctx.db.collectedDefinition.findMany(args as Parameters<typeof ctx.db.collectedDefinition.findMany>[0]),
    },
    window,
  );
}

/** The display field, when named, is a key of the fields. */
function checkDisplayField(displayField: string | null | undefined, fields: CollectedField[]) {
  if (displayField && !fields.some((f) => f.key === displayField)) throw ApiError.invalidField('displayField', `must be the key of one of the fields (${fields.map((f) => f.key).join(', ')})`);
}

/** A type the caller may own: it carries the installation's `app_{slug}_{installation}_` prefix, or 403. */
function checkTypePrefix(type: string, installation: { id: number; appSlug: string }) {
  const prefix = collectedTypePrefix(installation);
  if (!type.startsWith(`${prefix}_`) || type.length === prefix.length + 1) {
    throw new ApiError('forbidden', `A collected definition type of this installation starts with ${prefix}_ (for example ${prefix}_survey); "${type}" does not.`);
  }
}

/** A new definition of the calling installation; its type is unique in the store (409 `conflict` otherwise). */
export async function createDefinition(ctx: Ctx, input: DefinitionInput & { type: string; name: string; fields: CollectedField[] }): Promise<CollectedDefinition> {
  const installation = requireInstallation(ctx);
  checkTypePrefix(input.type, installation);
  checkDisplayField(input.displayField, input.fields);
  return withTransaction(ctx, async (tx) => {
    if (await tx.db.collectedDefinition.count({ where: { type: input.type } })) {
      throw new ApiError('conflict', `A collected definition of type "${input.type}" already exists.`);
    }
    const definition = await tx.db.collectedDefinition.create({
      data: {
        storeId: tx.db.$storeId,
        installationId: installation.id,
        type: input.type,
        name: input.name,
        description: input.description ?? null,
        displayField: input.displayField ?? null,
        storefrontVisible: input.storefrontVisible ?? false,
        hasPages: input.hasPages ?? false,
        entryCapOverride: input.entryCapOverride ?? null,
        retentionDays: input.retentionDays ?? null,
        fields: input.fields as unknown as object[],
        createdAt: ctx.now,
        updatedAt: ctx.now,
      },
    });
    tx.outbox.append({ topic: 'collected_definitions/create', payload: { id: definition.pId, installation_id: installation.id, type: definition.type } });
    return definition;
  });
}

/** `{definition}` is the p_id; another store's (or no) definition is a 404, another owner's a 403. */
async function ownDefinition(ctx: Ctx, raw: string, installationId: number): Promise<CollectedDefinition> {
  const pId = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const definition = pId !== null && pId <= 2_147_483_647 ? await ctx.db.collectedDefinition.findUnique({ where: { pId } }) : null;
  if (!definition) throw ApiError.notFound('Collected definition');
  if (definition.installationId !== installationId) {
    throw new ApiError('forbidden', `Collected definition ${definition.pId} belongs to ${definition.installationId === null ? 'the merchant' : 'another app installation'}; only its owner changes it.`);
  }
  return definition;
}

/** Changes the fields sent; `type` is immutable (a changed one is a 422 naming it). Writes nothing when nothing changes. */
export async function updateDefinition(ctx: Ctx, rawId: string, input: DefinitionInput): Promise<CollectedDefinition> {
  const installation = requireInstallation(ctx);
  return withTransaction(ctx, async (tx) => {
    const current = await ownDefinition(tx, rawId, installation.id);
    if (input.type !== undefined && input.type !== current.type) throw ApiError.invalidField('type', `is immutable: this definition's type is ${current.type}`);
    const fields = input.fields ?? fieldsOf(current);
    checkDisplayField(input.displayField === undefined ? current.displayField : input.displayField, fields);
    const { type: _type, fields: _fields, ...rest } = input;
    const data = { ...rest, ...(input.fields ? { fields: input.fields as unknown as object[] } : {}) };
    if (!Object.keys(data).length) return current;
    const definition = await tx.db.collectedDefinition.update({ where: { id: current.id }, data: { ...data, updatedAt: ctx.now } });
    tx.outbox.append({ topic: 'collected_definitions/update', payload: { id: definition.pId, installation_id: installation.id, type: definition.type } });
    return definition;
  });
}
