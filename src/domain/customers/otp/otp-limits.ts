import { sha256Hex } from '../../../platform/crypto/tokens.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { otpRules } from './otp-codes.js';

/**
 * Limits on sending and guessing codes, counted in the KV so every process shares them, on the
 * request clock. Per address, whichever store asks (an address is an account's, and an account is
 * the platform's: a store's key must not buy another allowance): one code per resend interval, 5
 * an hour, and 5 guesses per code sent. Per client IP at a store: 20 codes an hour (a shop's shared
 * connection can sign in a few people; a script cannot mail-bomb a list of addresses). Addresses
 * appear in keys only hashed.
 */
export const otpSendLimits = { perAddressPerHour: 5, perIpPerHour: 20 } as const;
const HOUR_MS = 3_600_000;

function retryAfter(seconds: number) {
  return { 'retry-after': String(Math.max(1, Math.ceil(seconds))) };
}

export async function hourlyCap(ctx: Ctx, key: string, cap: number, what: string) {
  const hour = Math.floor(ctx.now.getTime() / HOUR_MS);
  const { count } = await ctx.kv.increment(`${key}:${hour}`, HOUR_MS);
  if (count <= cap) return;
  const wait = ((hour + 1) * HOUR_MS - ctx.now.getTime()) / 1000;
  throw new ApiError('verification_limit_exceeded', `Too many codes ${what} this hour; try again in ${Math.ceil(wait)} s.`, { headers: retryAfter(wait) });
}

const tooSoon = (waitMs: number) =>
  new ApiError('otp_resend_too_soon', `A code was sent moments ago; request another in ${Math.ceil(waitMs / 1000)} s.`, {
    headers: retryAfter(waitMs / 1000),
  });

/**
 * Refuses a code before the resend interval has passed, then counts it against the hourly caps.
 * The marker holds the last send's time on the request clock, which the KV's own expiry does not
 * follow (another process's clock, a test's pinned one), so a marker may outlive its interval.
 * The send is claimed with a set-if-absent of a key named after the send it follows: of
 * concurrent requests that all read the same marker, one claims it and the others are refused
 * (counted against the caps, which the early read spares a plain too-soon resend).
 */
export async function checkOtpSend(ctx: Ctx, destination: string, clientIp: string): Promise<void> {
  const address = sha256Hex(destination);
  const resendMs = otpRules.resendInSeconds * 1000;
  const lastSent = Number((await ctx.kv.get(`otp-sent:${address}`)) ?? 0);
  const wait = lastSent + resendMs - ctx.now.getTime();
  if (wait > 0) throw tooSoon(wait);
  await hourlyCap(ctx, `otp-address:${address}`, otpSendLimits.perAddressPerHour, 'for this address');
  await hourlyCap(ctx, `otp-ip:${sha256Hex(`${ctx.store.id}:${clientIp}`)}`, otpSendLimits.perIpPerHour, 'from this client');
  const claimed = await ctx.kv.set(`otp-sent:${address}:after:${lastSent}`, String(ctx.now.getTime()), { ttlMs: resendMs, onlyIfAbsent: true });
  if (!claimed) throw tooSoon(resendMs);
  await ctx.kv.set(`otp-sent:${address}`, String(ctx.now.getTime()), { ttlMs: resendMs });
  // A new code brings new guesses: the sends above are what bound them.
  await ctx.kv.delete(guessesKey(destination));
}

function guessesKey(destination: string) {
  return `otp-guesses:${sha256Hex(destination)}`;
}

/**
 * Counts a guess at the address's codes before the code is checked, by one atomic increment, and
 * answers the count: of guesses sent together, at any stores and processes, only the first 5 since
 * the last code was sent are checked. The count lives as long as a code does.
 */
export async function countOtpGuess(ctx: Ctx, destination: string): Promise<number> {
  const { count } = await ctx.kv.increment(guessesKey(destination), otpRules.expiresInSeconds * 1000);
  return count;
}
