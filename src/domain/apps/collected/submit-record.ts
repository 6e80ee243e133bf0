import type { CollectedRecord } from '../../../generated/prisma/client.js';
import { ApiError, type FieldErrors } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { withTransaction } from '../../transaction.js';
import { requireInstallation } from '../calling-installation.js';
import { definitionLimits } from './definition-fields.js';
import { fieldsOf } from './definitions.js';
import { checkValue } from './field-types.js';

const DAY_MS = 86_400_000;

export interface RecordInput {
  type: string;
  fields: Record<string, unknown>;
}

export type RecordWithType = CollectedRecord & { definition: { type: string; pId: number } };

/** A filled value: absent, null and empty text count as not given. */
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Records one entry of a definition the calling installation owns. Each value is checked against
 * its field (type, required, validations) and every failure is named `fields.<key>`; a key the
 * definition lacks is refused by name. Past the entry cap (`entry_cap_override`, else 10,000) the
 * answer is 422 `limit_reached`; the definition's row is written first, so submissions take turns
 * and concurrent ones cannot pass the cap. With `retention_days` the record expires then, and the
 * purge job deletes it.
 */
export async function submitRecord(ctx: Ctx, input: RecordInput): Promise<RecordWithType> {
  const installation = requireInstallation(ctx);
  return withTransaction(ctx, async (tx) => {
    const definition = await tx.db.collectedDefinition.findFirst({ where: { type: input.type } });
    if (!definition) throw ApiError.invalidField('type', `names no collected definition of this store (${input.type})`);
    if (definition.installationId !== installation.id) throw new ApiError('forbidden', `Collected definition "${definition.type}" belongs to another owner; records go to its owner's definitions only.`);
    const fields = fieldsOf(definition);
    const errors: FieldErrors = {};
    const values: Record<string, unknown> = {};
    for (const key of Object.keys(input.fields)) if (!fields.some((f) => f.key === key)) errors[`fields.${key}`] = [`is not a field of ${definition.type}`];
    for (const field of fields) {
      const raw = input.fields[field.key];
      if (!given(raw)) {
        if (field.required) errors[`fields.${field.key}`] = ['is required'];
        continue;
      }
      const checked = checkValue(field, raw);
      if ('error' in checked) errors[`fields.${field.key}`] = [checked.error];
      else values[field.key] = checked.value;
    }
    if (Object.keys(errors).length) throw ApiError.validation(errors);

    await tx.db.collectedDefinition.update({ where: { id: definition.id }, data: { lastRecordAt: ctx.now, updatedAt: definition.updatedAt } });
    const cap = definition.entryCapOverride ?? definitionLimits.defaultEntryCap;
    if ((await tx.db.collectedRecord.count({ where: { definitionId: definition.id } })) >= cap) {
      throw new ApiError('limit_reached', `Collected definition "${definition.type}" holds ${cap} records, its cap; no more are taken.`);
    }
    const record = await tx.db.collectedRecord.create({
      data: {
        storeId: tx.db.$storeId,
        definitionId: definition.id,
        installationId: installation.id,
        values: values as object,
        createdAt: ctx.now,
        expiresAt: definition.retentionDays ? new Date(ctx.now.getTime() + definition.retentionDays * DAY_MS) : null,
      },
    });
    tx.outbox.append({ topic: 'collected_records/create', payload: { id: record.pId, definition_id: definition.pId, installation_id: installation.id } });
    return { ...record, definition: { type: definition.type, pId: definition.pId } };
  });
}
