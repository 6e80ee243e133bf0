import { randomToken, sha256Hex } from '../../../platform/crypto/tokens.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { withTransaction } from '../../transaction.js';
import { defaultAddressOf, type SignedIn } from '../accounts/signed-in.js';
import { storeCustomerOf } from '../accounts/store-customer.js';
import { enqueueWelcomeEmail } from '../accounts/welcome.js';
import { issueSession } from '../sessions/issue-session.js';
import { otpRules } from './otp-codes.js';
import { sendOtp, spendOtpCode } from './otp-challenges.js';

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

/** Sends a sign-in code to an email address; the answer says whether the address has an account, as the spec's `user_exists` does. */
export async function requestEmailOtp(ctx: Ctx, input: { email: string; clientIp: string }): Promise<OtpSent> {
  await sendOtp(ctx, { channel: 'email', destination: input.email, clientIp: input.clientIp });
  const account = await ctx.db.customerAccount.findUnique({ where: { email: input.email }, select: { id: true } });
  return { email: input.email, userExists: account !== null };
}

/**
 * Verifies a sign-in code. An address with an account is signed in at this store; a new address
 * gets a verified token (15 minutes, single use) that register-otp exchanges for an account.
 */
export async function verifyEmailOtp(ctx: Ctx, input: { email: string; otpCode: string }): Promise<SignedIn | EmailVerified> {
  const challengeId = await spendOtpCode(ctx, input.email, input.otpCode);
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
    await enqueueWelcomeEmail(tx, { email: challenge.destination, firstName: input.firstName });
    return { session, account, defaultAddress: null, isNewUser: true };
  });
}
