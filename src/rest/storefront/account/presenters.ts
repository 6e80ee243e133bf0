import type { Customer, CustomerAccount, SavedAddress } from '../../../generated/prisma/client.js';
import { otpRules } from '../../../domain/customers/otp/otp-codes.js';
import { isoTimestamp } from '../../kit/format.js';
import { presentSessionUser } from '../auth/presenters.js';

export function presentAccount(view: { account: CustomerAccount; defaultAddress: SavedAddress | null; customer: Customer }) {
  return {
    ...presentSessionUser(view.account, view.defaultAddress),
    first_name: view.account.firstName,
    last_name: view.account.lastName,
    customer: { id: view.customer.id, uid: view.customer.uid, created_at: isoTimestamp(view.customer.createdAt) },
  };
}

export function presentContactOtpSent(sent: { email?: string; phone?: string; channel: 'email' | 'sms' | 'whatsapp' }) {
  return { ...sent, next_action: 'update_account' as const, expires_in: otpRules.expiresInSeconds, resend_in: otpRules.resendInSeconds };
}
