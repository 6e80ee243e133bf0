import type { CallingInstallation } from '../../auth/principal.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';

/** The installation whose key called; a key the merchant minted answers 403 `forbidden`. */
export function requireInstallation(ctx: Pick<Ctx, 'principal'>): CallingInstallation {
  const { installation } = ctx.principal;
  if (!installation) throw new ApiError('forbidden', "This operation needs an app installation's key; keys the merchant minted cannot call it.");
  return installation;
}
