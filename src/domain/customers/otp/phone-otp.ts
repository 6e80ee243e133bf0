import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { enqueueMessage } from '../../messages/enqueue-message.js';
import { withTransaction } from '../../transaction.js';
import { toE164 } from '../accounts/phone-number.js';
import { defaultAddressOf, type SignedIn } from '../accounts/signed-in.js';
import { storeCustomerOf } from '../accounts/store-customer.js';
import { issueSession } from '../sessions/issue-session.js';
import { sendOtp, spendOtpCode } from './otp-challenges.js';

/** The messaging channels a phone code goes by; SMS unless the shopper asks for WhatsApp. */
export const phoneChannels = ['sms', 'whatsapp'] as const;
export type PhoneChannel = (typeof phoneChannels)[number];

export interface PhoneOtpSent {
  phone: string;
  userExists: boolean;
}

const noAccount = () => new ApiError('not_found', 'No account has this phone number. Register with POST /auth/register and a code sent to it.');

/** Sends a sign-in code to a phone number, normalized to E.164 from `phone` and `country_code`. */
export async function requestPhoneOtp(
  ctx: Ctx,
  input: { phone: string; countryCode: string; channel?: PhoneChannel; clientIp: string },
): Promise<PhoneOtpSent> {
  const phone = toE164(input.phone, input.countryCode);
  await sendOtp(ctx, { channel: input.channel ?? 'sms', destination: phone, clientIp: input.clientIp });
  const account = await ctx.db.customerAccount.findUnique({ where: { phone }, select: { id: true } });
  return { phone, userExists: account !== null };
}

/**
 * Signs in the account that has this phone number. A number without an account answers 404
 * before the code is checked, so the code stays good for registering (POST /auth/register).
 */
export async function verifyPhoneOtp(ctx: Ctx, input: { phone: string; countryCode: string; otpCode: string }): Promise<SignedIn> {
  const phone = toE164(input.phone, input.countryCode);
  const account = await ctx.db.customerAccount.findUnique({ where: { phone } });
  if (!account) throw noAccount();
  await spendOtpCode(ctx, phone, input.otpCode);
  return withTransaction(ctx, async (tx) => {
    const customer = await storeCustomerOf(tx, account.id);
    const session = await issueSession(tx, { customerId: customer.id });
    return { session, account, defaultAddress: await defaultAddressOf(tx, account.id) };
  });
}

const accountTaken = () => new ApiError('account_exists', 'An account already uses this email address or phone number; sign in with it instead.');

/**
 * Registers an account with a phone number proved by a code, and an email address, signed in at
 * this store. A number or address that has an account answers 409 before the code is spent.
 */
export async function registerWithPhone(
  ctx: Ctx,
  input: { firstName: string; lastName: string; email: string; phone: string; countryCode: string; otpCode: string },
): Promise<SignedIn> {
  const phone = toE164(input.phone, input.countryCode);
  if (await ctx.db.customerAccount.findFirst({ where: { OR: [{ phone }, { email: input.email }] }, select: { id: true } })) throw accountTaken();
  await spendOtpCode(ctx, phone, input.otpCode);
  return withTransaction(ctx, async (tx) => {
    const { count } = await tx.db.customerAccount.createMany({
      data: [{ email: input.email, phone, firstName: input.firstName, lastName: input.lastName }],
      skipDuplicates: true,
    });
    if (count === 0) throw accountTaken();
    const account = await tx.db.customerAccount.findUniqueOrThrow({ where: { phone } });
    const customer = await storeCustomerOf(tx, account.id);
    const session = await issueSession(tx, { customerId: customer.id });
    await enqueueMessage(tx, {
      channel: 'sms',
      recipient: phone,
      template: 'welcome',
      text: `Welcome to ${tx.store.name}, ${input.firstName}. Your account is ready.`,
    });
    return { session, account, defaultAddress: null, isNewUser: true };
  });
}
