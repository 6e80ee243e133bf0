import { z } from 'zod';
import { Prisma } from '../../../generated/prisma/client.js';
import { nullableText, requiredText } from '../../../platform/validation/body-fields.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import { signedInCustomer, type Ctx } from '../../context.js';
import { withTransaction } from '../../transaction.js';
import { sendOtp, spendOtpCode } from '../otp/otp-challenges.js';
import { phoneChannels, type PhoneChannel } from '../otp/phone-otp.js';
import { emailInput, otpCodeInput } from './account-fields.js';
import { myAccount } from './my-account.js';
import { countryCodeInput, phoneInput, toE164 } from './phone-number.js';
import { appendCustomerEvent } from '../customer-events.js';

/** An avatar is a link the shopper's app hosts (an identity provider's picture, say): https only, never downloaded. */
const avatarInput = nullableText(2048).refine((v) => v === null || /^https:\/\/[^\s]+$/i.test(v), { error: 'must be an https URL or null' });

/** The new email or phone a code is sent to before the account may take it. */
export const contactOtpShape = {
  email: emailInput.optional(),
  phone: phoneInput.optional(),
  countryCode: countryCodeInput.optional(),
  channel: z.enum(phoneChannels, { error: `must be one of ${phoneChannels.join(', ')}` }).optional(),
};

/**
 * What the shopper may change of their account. Names and the avatar change as sent; an email or a
 * phone number changes only with `otpCode`, the code sent to that new address by the contact-code
 * operation, so an account never takes an address its owner cannot read.
 */
export const accountUpdateShape = {
  firstName: requiredText(100).optional(),
  lastName: requiredText(100).optional(),
  avatar: avatarInput.optional(),
  ...contactOtpShape,
  otpCode: otpCodeInput.optional(),
};

type ContactInput = z.output<z.ZodObject<typeof contactOtpShape>>;
export type AccountUpdateInput = z.output<z.ZodObject<typeof accountUpdateShape>>;

/** The rules across fields of both operations, checked before anything is read or sent; each failure names its field. */
function checkContact(input: ContactInput, needsContact: boolean) {
  if (input.email !== undefined && input.phone !== undefined) throw ApiError.invalidField('phone', 'send email or phone, not both: a code proves one address');
  if (input.phone !== undefined && input.countryCode === undefined) throw ApiError.invalidField('countryCode', 'is required with phone');
  if (input.channel !== undefined && input.phone === undefined) throw ApiError.invalidField('channel', 'goes with phone only');
  if (needsContact && input.email === undefined && input.phone === undefined) {
    throw ApiError.invalidField('email', 'send the new email, or the new phone with its country_code');
  }
}

function checkUpdate(input: AccountUpdateInput) {
  checkContact(input, false);
  const changesContact = input.email !== undefined || input.phone !== undefined;
  if (changesContact && input.otpCode === undefined) {
    throw ApiError.invalidField('otpCode', 'is required to change the email or phone: request a code for the new one first');
  }
  if (!changesContact && input.otpCode !== undefined) throw ApiError.invalidField('otpCode', 'goes with a new email or phone only');
  const fields = ['firstName', 'lastName', 'avatar', 'email', 'phone'] as const;
  if (!fields.some((f) => input[f] !== undefined)) throw ApiError.invalidField('request', 'send at least one field to change');
}

/** The new contact as stored: the lower-cased email, or the E.164 number. */
function newContact(input: ContactInput): { field: 'email' | 'phone'; value: string } | null {
  if (input.email !== undefined) return { field: 'email', value: input.email };
  if (input.phone !== undefined) return { field: 'phone', value: toE164(input.phone, input.countryCode!) };
  return null;
}

const taken = () => new ApiError('account_exists', 'Another account already holds this email address or phone number.');

/** Refuses an address another account holds, or the one this account has already, before any code is spent. */
async function checkContactFree(ctx: Ctx, accountId: string, contact: { field: 'email' | 'phone'; value: string }) {
  const holder = await ctx.db.customerAccount.findFirst({ where: { [contact.field]: contact.value }, select: { id: true } });
  if (holder?.id === accountId) throw ApiError.invalidField(contact.field, `is already this account's ${contact.field}`);
  if (holder) throw taken();
}

/** Sends a code to the email or phone the shopper wants on their account; the answer names where it went, normalized. */
export async function requestContactChange(
  ctx: Ctx,
  input: ContactInput & { clientIp: string },
): Promise<{ email?: string; phone?: string; channel: 'email' | PhoneChannel }> {
  const { accountId } = signedInCustomer(ctx);
  checkContact(input, true);
  const contact = newContact(input)!;
  await checkContactFree(ctx, accountId, contact);
  const channel = contact.field === 'email' ? 'email' : (input.channel ?? 'sms');
  await sendOtp(ctx, { channel, destination: contact.value, clientIp: input.clientIp }, 'change_contact');
  return { [contact.field]: contact.value, channel };
}

function isUniqueViolation(error: unknown) {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** Changes the account (the same at every store) and answers it as this store sees it; a `customers/update` event goes to this store. */
export async function updateAccount(ctx: Ctx, input: AccountUpdateInput) {
  const { accountId, customerId, customerUid } = signedInCustomer(ctx);
  checkUpdate(input);
  const contact = newContact(input);
  if (contact) {
    await checkContactFree(ctx, accountId, contact);
    await spendOtpCode(ctx, contact.value, input.otpCode!, 'change_contact');
  }
  try {
    await withTransaction(ctx, async (tx) => {
      await tx.db.customerAccount.update({
        where: { id: accountId },
        data: {
          ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
          ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
          ...(input.avatar !== undefined ? { avatarUrl: input.avatar } : {}),
          ...(contact ? { [contact.field]: contact.value } : {}),
        },
      });
      await tx.db.customer.update({ where: { id: customerId }, data: { updatedAt: tx.now } });
      appendCustomerEvent(tx, 'customers/update', customerId);
    });
  } catch (error) {
    // Another account took the address between the check and this write.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return myAccount(ctx);
}
