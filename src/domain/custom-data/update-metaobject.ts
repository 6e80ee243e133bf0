import { z } from 'zod';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { parseRecordId } from '../record-id.js';
import { withTransaction } from '../transaction.js';
import { checkFields } from './create-metaobject.js';
import type { MetaobjectEntry } from './list-custom-data.js';
import { metaobjectShape } from './metaobject-definition-fields.js';
import { isUniqueCollision } from './unique-collision.js';

/**
 * A patch of a metaobject entry: `fields` merges into the stored values (a sent key replaces its
 * value, null removes it, keys not sent stay); `handle` renames it within its type. `type` is
 * immutable: it may be sent only unchanged.
 */
export const metaobjectPatchShape = {
  type: z.string({ error: 'must be text' }).optional(),
  handle: metaobjectShape.handle.optional(),
  fields: metaobjectShape.fields.optional(),
};

export const metaobjectPatch = z.strictObject(metaobjectPatchShape);
export type MetaobjectPatch = z.output<typeof metaobjectPatch>;

const taken = (type: string, handle: string) =>
  new ApiError('conflict', `A ${type} with the handle ${handle} already exists in this store.`, {
    fieldErrors: { handle: [`is already the handle of another ${type}`] },
  });

/**
 * Changes an entry, in one transaction with its event; a patch that changes nothing writes
 * nothing. `{id}` is the uuid or the integer id (another store's is a 404). The merged values are
 * checked whole against the definition as it is now, as a create is, so an entry written before
 * a field became required must fill it at its next change. A taken handle is a 409 `conflict`,
 * found up front or by the unique index when a concurrent write commits first.
 */
export async function updateMetaobject(ctx: Ctx, rawId: string, input: MetaobjectPatch): Promise<MetaobjectEntry> {
  const ref = parseRecordId(rawId);
  const found = ref && ((await ctx.db.metaobject.findFirst({ where: ref, include: { definition: true } })) as unknown as MetaobjectEntry | null);
  if (!found) throw ApiError.notFound('Metaobject');
  const { definition } = found;
  if (input.type !== undefined && input.type !== definition.type) throw ApiError.invalidField('type', `is immutable: this entry's type is ${definition.type}`);
  const handle = input.handle ?? found.handle;
  if (handle !== found.handle && (await ctx.db.metaobject.findFirst({ where: { definitionId: definition.id, handle }, select: { id: true } }))) {
    throw taken(definition.type, handle);
  }
  if (handle === found.handle && input.fields === undefined) return found;
  try {
    return await withTransaction(ctx, async (tx) => {
      // Written first, so concurrent patches of one entry take turns and each merges into what the last one committed.
      const current = await tx.db.metaobject.update({ where: { id: found.id }, data: { updatedAt: new Date() } });
      const merged = { ...(current.fields as Record<string, unknown>), ...(input.fields ?? {}) };
      await checkFields(tx, definition, merged);
      const fields = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== null));
      const entry = await tx.db.metaobject.update({ where: { id: found.id }, data: { handle, fields: fields as object } });
      tx.outbox.append({ topic: 'metaobjects/update', payload: { id: entry.id, type: definition.type, handle: entry.handle } });
      return { ...entry, definition };
    });
  } catch (error) {
    if (isUniqueCollision(error, 'Metaobject')) throw taken(definition.type, handle);
    throw error;
  }
}
