import type { AppSetupSheet } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../context.js';
import { withTransaction } from '../../transaction.js';
import { requireInstallation } from '../calling-installation.js';
import type { SetupInput } from './setup-fields.js';
import { sealItems } from './setup-items.js';

/**
 * Replaces the calling installation's setup sheet whole (PUT): sensitive values are sealed before
 * they reach the database, and `app_setup/update` is written in the same transaction.
 */
export async function replaceSetupSheet(ctx: Ctx, input: SetupInput): Promise<AppSetupSheet> {
  const installation = requireInstallation(ctx);
  const items = sealItems(ctx.secret, ctx.store.id, installation.id, input.items);
  return withTransaction(ctx, async (tx) => {
    const sheet = await tx.db.appSetupSheet.upsert({
      where: { installationId: installation.id },
      create: { installationId: installation.id, storeId: tx.db.$storeId, status: input.status, items: items as object[], createdAt: ctx.now, updatedAt: ctx.now },
      update: { status: input.status, items: items as object[], updatedAt: ctx.now },
    });
    tx.outbox.append({ topic: 'app_setup/update', payload: { installation_id: installation.id, status: input.status } });
    return sheet;
  });
}
