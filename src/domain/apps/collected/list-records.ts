import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../../pagination/keyset-page.js';
import { asNumber, type KeysetSort } from '../../pagination/keyset.js';
import type { RecordWithType } from './submit-record.js';

export const recordListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;

const newestFirst: KeysetSort<RecordWithType> = [{ field: 'pId', direction: 'desc', read: (row) => row.pId, parse: asNumber }];

/**
 * The records of one collected definition, newest first. The merchant's keys read every
 * definition's; an installation's key only its own definitions' (another's answers 403 `forbidden`).
 */
export async function listRecords(ctx: Ctx, type: string, window: KeysetWindow): Promise<KeysetPage<RecordWithType>> {
  const definition = await ctx.db.collectedDefinition.findFirst({ where: { type } });
  if (!definition) throw ApiError.notFound('Collected definition');
  const own = ctx.principal.installation;
  if (own && definition.installationId !== own.id) throw new ApiError('forbidden', `The records of "${type}" belong to another owner.`);
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.collected_records', storeId: ctx.store.id, filters: { type } },
      sort: newestFirst,
      where: { definitionId: definition.id },
      fetch: async (args) => {
        const rows = await ctx.db.collectedRecord.findMany(args as Parameters<typeof ctx.db.collectedRecord.findMany>[0]);
        return rows.map((row) => ({ ...row, definition: { type: definition.type, pId: definition.pId } }));
      },
    },
    window,
  );
}
