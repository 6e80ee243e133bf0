import { randomUUID } from 'node:crypto';
import { randomToken, sha256Hex } from '../../../platform/crypto/tokens.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { enqueueMessage } from '../../messages/enqueue-message.js';
import { withTransaction } from '../../transaction.js';
import { defaultAddressOf, type SignedIn } from '../accounts/signed-in.js';
import { storeCustomerOf } from '../accounts/store-customer.js';
import { issueSession } from '../sessions/issue-session.js';
import { newOtpCode, otpCodeHash, otpCodeMatches, otpRules } from './otp-codes.js';
import { checkOtpSend } from './otp-limits.js';

export interface OtpSent {
  email: string;
  userExists: boolean;
}

/** A new address proved it receives mail: registration (register-otp) presents this token. */
export interface EmailVerified {
  email: string;
  verifiedToken: string;
  expiresAt: Date;
}

/**
 * Sends a sign-in code to an email address: the challenge and the message are written in one
 * transaction, so a code exists exactly when its message does. The answer says whether the
 * address has an account, as the spec's `user_exists` does.
 */
export async function requestEmailOtp(ctx: Ctx, input: { email: string; clientIp: string }): Promise<OtpSent> {
  await checkOtpSend(ctx, input.email, input.clientIp);
  const code = newOtpCode();
  const id = randomUUID();
  const account = await ctx.db.customerAccount.findUnique({ where: { email: input.email }, select: { id: true } });
  await withTransaction(ctx, async (tx) => {
    await tx.db.otpChallenge.create({
      data: {
        id,
        storeId: tx.db.$storeId,
        channel: 'email',
        destination: input.email,
        codeHash: otpCodeHash(tx.secret, id, code),
        expiresAt: new Date(tx.now.getTime() + otpRules.expiresInSeconds * 1000),
        createdAt: tx.now,
      },
    });
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: input.email,
      template: 'otp',
      subject: `${code} is your ${tx.store.name} sign-in code`,
      text: `Your ${tx.store.name} sign-in code is ${code}. It expires in ${otpRules.expiresInSeconds / 60} minutes. If you did not ask for it, ignore this message.`,
    });
  });
  return { email: input.email, userExists: account !== null };
}

const expired = () => new ApiError('otp_expired', 'This code expired, was used, or too many wrong codes were tried; request a new one.');

/**
 * Checks a code against the address's newest challenge at this store. A wrong code spends one of
 * 5 tries (counted by a conditional update, so concurrent guesses cannot exceed them); the right
 * one is spent by a conditional update too, so it signs in once.
 */
async function spendCode(ctx: Ctx, destination: string, code: string): Promise<string> {
  const challenge = await ctx.db.otpChallenge.findFirst({
    where: { destination, channel: 'email', purpose: 'sign_in' },
    orderBy: { createdAt: 'desc' },
  });
  if (!challenge || challenge.consumedAt || challenge.expiresAt <= ctx.now || challenge.attempts >= otpRules.maxAttempts) throw expired();
  if (!otpCodeMatches(ctx.secret, challenge.id, code, challenge.codeHash)) {
    const { count } = await ctx.db.otpChallenge.updateMany({
      where: { id: challenge.id, attempts: { lt: otpRules.maxAttempts } },
      data: { attempts: { increment: 1 } },
    });
    const left = otpRules.maxAttempts - challenge.attempts - 1;
    if (count === 0 || left <= 0) throw expired();
    throw new ApiError('otp_invalid', `This code is not right; ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  const { count } = await ctx.db.otpChallenge.updateMany({ where: { id: challenge.id, consumedAt: null }, data: { consumedAt: ctx.now } });
  if (count === 0) throw expired();
  return challenge.id;
}

/**
 * Verifies a sign-in code. An address with an account is signed in at this store; a new address
 * gets a verified token (15 minutes, single use) that register-otp exchanges for an account.
 */
export async function verifyEmailOtp(ctx: Ctx, input: { email: string; otpCode: string }): Promise<SignedIn | EmailVerified> {
  const challengeId = await spendCode(ctx, input.email, input.otpCode);
  const account = await ctx.db.customerAccount.findUnique({ where: { email: input.email } });
  if (!account) {
    const verifiedToken = `bzv_${randomToken(32)}`;
    const expiresAt = new Date(ctx.now.getTime() + otpRules.verifiedTokenSeconds * 1000);
    await ctx.db.otpChallenge.update({
      where: { id: challengeId },
      data: { verifiedTokenHash: sha256Hex(verifiedToken), verifiedTokenExpiresAt: expiresAt },
    });
    return { email: input.email, verifiedToken, expiresAt };
  }
  return withTransaction(ctx, async (tx) => {
    const customer = await storeCustomerOf(tx, account.id);
    const session = await issueSession(tx, { customerId: customer.id });
    return { session, account, defaultAddress: await defaultAddressOf(tx, account.id) };
  });
}

/** Registers the verified address with its name and signs it in; the verified token works once. */
export async function registerWithEmailOtp(ctx: Ctx, input: { firstName: string; lastName: string; verifiedToken: string }): Promise<SignedIn> {
  return withTransaction(ctx, async (tx) => {
    const hash = sha256Hex(input.verifiedToken);
    // Spent by a conditional update: of two registrations with one token, one finds it gone.
    const { count: spent } = await tx.db.otpChallenge.updateMany({
      where: { verifiedTokenHash: hash, verifiedTokenExpiresAt: { gt: tx.now } },
      data: { verifiedTokenExpiresAt: null },
    });
    const challenge = spent === 1 ? await tx.db.otpChallenge.findUnique({ where: { verifiedTokenHash: hash } }) : null;
    if (!challenge) {
      throw new ApiError('verified_token_invalid', 'This verified_token is unknown, expired or used; verify the address again.');
    }
    const { count } = await tx.db.customerAccount.createMany({
      data: [{ email: challenge.destination, firstName: input.firstName, lastName: input.lastName }],
      skipDuplicates: true,
    });
    if (count === 0) throw new ApiError('account_exists', 'An account already uses this email address; sign in with it instead.');
    const account = await tx.db.customerAccount.findUniqueOrThrow({ where: { email: challenge.destination } });
    const customer = await storeCustomerOf(tx, account.id);
    const session = await issueSession(tx, { customerId: customer.id });
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: challenge.destination,
      template: 'welcome',
      subject: `Welcome to ${tx.store.name}`,
      text: `Welcome, ${input.firstName}. Your account is ready: sign in to ${tx.store.name} with this address.`,
    });
    return { session, account, defaultAddress: null, isNewUser: true };
  });
}
