import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { withTransaction, type TransactionCtx } from '../../transaction.js';
import { requireInstallation } from '../calling-installation.js';
import { alertLimits, type AlertInput } from './alert-fields.js';

export interface RaisedAlert {
  severity: string;
  deduped: boolean;
  notificationId: string;
}

const HOUR_MS = 3_600_000;

/**
 * Raises an alert for the merchant. A repeat of a `dedupe_key` within its TTL answers the first
 * alert (deduped, nothing written, not counted); past `alertLimits.perHour` alerts in the rolling
 * hour the installation gets 429 `too_many_requests` with `Retry-After` until its oldest counted
 * alert leaves the window. The installation's row is written first, so its alerts take turns and
 * concurrent ones can neither pass the cap nor both create one dedupe key.
 */
export async function raiseAlert(ctx: Ctx, input: AlertInput): Promise<RaisedAlert> {
  const installation = requireInstallation(ctx);
  return withTransaction(ctx, async (tx) => {
    await tx.db.appInstallation.update({ where: { id: installation.id }, data: { lastAlertAt: ctx.now } });
    if (input.dedupeKey) {
      const since = new Date(ctx.now.getTime() - alertLimits.dedupeTtlSeconds * 1000);
      const first = await tx.db.appAlert.findFirst({
        where: { installationId: installation.id, dedupeKey: input.dedupeKey, createdAt: { gt: since } },
        orderBy: { createdAt: 'asc' },
      });
      if (first) return { severity: first.severity, deduped: true, notificationId: first.id };
    }
    const windowStart = new Date(ctx.now.getTime() - HOUR_MS);
    const counted = await tx.db.appAlert.findMany({
      where: { installationId: installation.id, createdAt: { gt: windowStart } },
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true },
      take: alertLimits.perHour,
    });
    if (counted.length >= alertLimits.perHour) {
      const retryAfter = Math.max(1, Math.ceil((counted[0]!.createdAt.getTime() + HOUR_MS - ctx.now.getTime()) / 1000));
      throw new ApiError('too_many_requests', `This installation raised ${alertLimits.perHour} alerts in the last hour, the most it may; retry in ${retryAfter} s.`, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
    const alert = await writeAlert(tx, installation.id, input);
    return { severity: alert.severity, deduped: false, notificationId: alert.id };
  });
}

/**
 * Records an alert for the installation's merchant with its `app_alerts/create` event, in the
 * caller's transaction. Bazaar's own alerts about an installation (a failing webhook) come here
 * directly: they are not the app's to count against its hourly cap.
 */
export async function writeAlert(tx: Pick<TransactionCtx, 'db' | 'outbox' | 'now'>, installationId: number, input: AlertInput) {
  const alert = await tx.db.appAlert.create({
    data: {
      storeId: tx.db.$storeId,
      installationId,
      severity: input.severity,
      title: input.title,
      message: input.message,
      dedupeKey: input.dedupeKey ?? null,
      createdAt: tx.now,
    },
  });
  tx.outbox.append({ topic: 'app_alerts/create', payload: { notification_id: alert.id, installation_id: installationId, severity: alert.severity } });
  return alert;
}
