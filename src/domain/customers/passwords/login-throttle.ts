import { sha256Hex } from '../../../platform/crypto/tokens.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';

/**
 * Failed password sign-ins per account, keyed by the address so that an address without an
 * account is throttled the same way and the answer tells nothing. Counted in the KV, so every
 * process shares one count, in fixed windows of the request clock.
 */
export const loginThrottle = { failures: 5, windowMs: 15 * 60_000 } as const;

function windowOf(ctx: Ctx, email: string) {
  const index = Math.floor(ctx.now.getTime() / loginThrottle.windowMs);
  return { key: `login-failures:${sha256Hex(email)}:${index}`, endsAt: (index + 1) * loginThrottle.windowMs };
}

/** Refuses once the address has used up its failures in the window; `Retry-After` is the window's rest. */
export async function checkLoginThrottle(ctx: Ctx, email: string): Promise<void> {
  const { key, endsAt } = windowOf(ctx, email);
  if (Number((await ctx.kv.get(key)) ?? 0) < loginThrottle.failures) return;
  const retryAfter = Math.max(1, Math.ceil((endsAt - ctx.now.getTime()) / 1000));
  throw new ApiError('login_throttled', `Too many failed sign-ins for this account; try again in ${retryAfter} s or reset the password.`, {
    headers: { 'retry-after': String(retryAfter) },
  });
}

export async function recordLoginFailure(ctx: Ctx, email: string): Promise<void> {
  await ctx.kv.increment(windowOf(ctx, email).key, loginThrottle.windowMs);
}
