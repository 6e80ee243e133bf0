import { randomUUID } from 'node:crypto';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { enqueueMessage, type MessageChannel } from '../../messages/enqueue-message.js';
import { withTransaction } from '../../transaction.js';
import { newOtpCode, otpCodeHash, otpCodeMatches, otpRules } from './otp-codes.js';
import { checkOtpSend, countOtpGuess } from './otp-limits.js';

/** What a sign-in code was sent to: an email address, or a phone number by SMS or WhatsApp. */
export interface OtpDestination {
  channel: MessageChannel;
  /** The lower-cased email or the E.164 number. */
  destination: string;
  clientIp: string;
}

/** What a correct code leads to: signing in (or registering), or changing the account's email or phone to the destination. */
export type OtpPurpose = 'sign_in' | 'change_contact';

const messageText: Record<OtpPurpose, (code: string, store: string, minutes: number) => { subject: string; text: string }> = {
  sign_in: (code, store, minutes) => ({
    subject: `${code} is your ${store} sign-in code`,
    text: `Your ${store} sign-in code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`,
  }),
  change_contact: (code, store, minutes) => ({
    subject: `${code} is your ${store} verification code`,
    text: `Your ${store} code to add this contact to your account is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`,
  }),
};

/**
 * Sends a sign-in code: the challenge and its message are written in one transaction, so a code
 * exists exactly when its message does.
 */
export async function sendOtp(ctx: Ctx, to: OtpDestination, purpose: OtpPurpose = 'sign_in'): Promise<void> {
  await checkOtpSend(ctx, to.destination, to.clientIp);
  const code = newOtpCode();
  const id = randomUUID();
  const message = messageText[purpose](code, ctx.store.name, otpRules.expiresInSeconds / 60);
  await withTransaction(ctx, async (tx) => {
    const expiresAt = new Date(tx.now.getTime() + otpRules.expiresInSeconds * 1000);
    await tx.db.otpChallenge.create({
      data: {
        id,
        storeId: tx.db.$storeId,
        channel: to.channel,
        destination: to.destination,
        purpose,
        codeHash: otpCodeHash(tx.secret, id, code),
        expiresAt,
        createdAt: tx.now,
      },
    });
    await enqueueMessage(tx, {
      channel: to.channel,
      recipient: to.destination,
      template: 'otp',
      ...(to.channel === 'email' ? { subject: message.subject } : {}),
      text: message.text,
      secret: { value: code, expiresAt },
    });
  });
}

export const otpExpired = () => new ApiError('otp_expired', 'This code expired, was used, or too many wrong codes were tried; request a new one.');

/**
 * Checks a code against the destination's newest challenge at this store. Every guess is counted
 * before the code is compared, twice: against the address in the KV (5 per code sent, across
 * stores: otp-limits.ts) and against the challenge in its row (5, by a conditional update, so the
 * challenge holds its 5 even while the KV is one process's memory). The right code is spent by a
 * conditional update too, so it signs in once. Answers the challenge's id.
 */
export async function spendOtpCode(ctx: Ctx, destination: string, code: string, purpose: OtpPurpose = 'sign_in'): Promise<string> {
  const guesses = await countOtpGuess(ctx, destination);
  if (guesses > otpRules.maxAttempts) throw otpExpired();
  const challenge = await ctx.db.otpChallenge.findFirst({ where: { destination, purpose }, orderBy: { createdAt: 'desc' } });
  if (!challenge || challenge.consumedAt || challenge.expiresAt <= ctx.now || challenge.attempts >= otpRules.maxAttempts) throw otpExpired();
  const { count: counted } = await ctx.db.otpChallenge.updateMany({
    where: { id: challenge.id, consumedAt: null, attempts: { lt: otpRules.maxAttempts } },
    data: { attempts: { increment: 1 } },
  });
  if (counted === 0) throw otpExpired();
  if (!otpCodeMatches(ctx.secret, challenge.id, code, challenge.codeHash)) {
    const left = otpRules.maxAttempts - Math.max(guesses, challenge.attempts + 1);
    if (left <= 0) throw otpExpired();
    throw new ApiError('otp_invalid', `This code is not right; ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  const { count } = await ctx.db.otpChallenge.updateMany({ where: { id: challenge.id, consumedAt: null }, data: { consumedAt: ctx.now } });
  if (count === 0) throw otpExpired();
  return challenge.id;
}
