import type { WebhookSubscription } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';
import type { Ctx } from '../context.js';

/**
 * Whose subscriptions a key sees: an app installation's key its installation's own, a key the
 * merchant minted the merchant's own (installation null). Each owner manages what it made, and an
 * app never sees, changes or replays another's.
 */
export function ownerOf(ctx: Pick<Ctx, 'principal'>): { installationId: number | null } {
  return { installationId: ctx.principal.installation?.id ?? null };
}

/** A subscription of the caller by its uuid; another store's or another owner's is a 404. */
export async function findSubscription(ctx: Ctx, rawId: string): Promise<WebhookSubscription> {
  const subscription = uuidPattern.test(rawId) ? await ctx.db.webhookSubscription.findFirst({ where: { id: rawId.toLowerCase(), ...ownerOf(ctx) } }) : null;
  if (!subscription) throw ApiError.notFound('Webhook');
  return subscription;
}
