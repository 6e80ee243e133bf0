import { sha256Hex } from '../../../platform/crypto/tokens.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';

/**
 * Failed password sign-ins per account, keyed by the address so that an address without an
 * account is throttled the same way and the answer tells nothing. Counted in the KV, so every
 * process shares one count, in fixed windows of the request clock.
 */
export const loginThrottle = { failures: 5, windowMs: 15 * 60_000 } as const;

/** An attempt counted against its address's window; `giveBack` uncounts it when its password turns out right (or is never checked). */
export interface LoginAttempt {
  giveBack(): Promise<void>;
}

/**
 * Counts the attempt before its password is checked, with one atomic increment: of any number of
 * attempts sent together, from one process or several, only the first 5 of a window are checked,
 * so a burst gets no more guesses than attempts sent one by one. An attempt whose password is
 * right gives its count back, so the throttle holds failures, not sign-ins. Past the 5, the answer
 * is 429 with the window's rest as `Retry-After`.
 */
export async function countLoginAttempt(ctx: Ctx, email: string): Promise<LoginAttempt> {
  const index = Math.floor(ctx.now.getTime() / loginThrottle.windowMs);
  const key = `login-failures:${sha256Hex(email)}:${index}`;
  const { count } = await ctx.kv.increment(key, loginThrottle.windowMs);
  if (count > loginThrottle.failures) {
    const retryAfter = Math.max(1, Math.ceil(((index + 1) * loginThrottle.windowMs - ctx.now.getTime()) / 1000));
    throw new ApiError('login_throttled', `Too many failed sign-ins for this account; try again in ${retryAfter} s or reset the password.`, {
      headers: { 'retry-after': String(retryAfter) },
    });
  }
  return { giveBack: () => ctx.kv.decrement(key) };
}
