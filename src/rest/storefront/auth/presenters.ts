import type { CustomerAccount, SavedAddress } from '../../../generated/prisma/client.js';
import type { SignedIn } from '../../../domain/customers/accounts/signed-in.js';
import { otpRules } from '../../../domain/customers/otp/otp-codes.js';
import type { EmailVerified, OtpSent } from '../../../domain/customers/otp/email-otp.js';
import type { PhoneOtpSent } from '../../../domain/customers/otp/phone-otp.js';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from '../../../domain/customers/sessions/issue-session.js';

/** ISO 8601 with an explicit offset (UTC), as the spec's session shows its expiry times. */
export function withOffset(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export function fullName(account: CustomerAccount): string {
  return [account.firstName, account.lastName].filter(Boolean).join(' ');
}

/** The spec's `user`: the account, located by its default saved address when it has one. */
export function presentSessionUser(account: CustomerAccount, address: SavedAddress | null) {
  return {
    id: account.id,
    name: fullName(account),
    email: account.email,
    phone: account.phone,
    avatar: account.avatarUrl,
    country: address?.countryCode ?? null,
    state: address?.state ?? null,
    region: address?.area ?? null,
    city: address?.city ?? null,
    address: address?.address ?? null,
    map_lat: address ? address.lat.toString() : null,
    map_lng: address ? address.lng.toString() : null,
    is_rider: false,
    rider_approved: false,
    profile_complete: Boolean(account.firstName && account.lastName && account.email && account.phone),
  };
}

export function presentSession(signedIn: SignedIn) {
  const { session } = signedIn;
  return {
    token: session.accessToken,
    access_token: session.accessToken,
    refresh_token: session.refreshToken,
    token_type: 'Bearer' as const,
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: withOffset(session.accessExpiresAt),
    refresh_expires_in: REFRESH_TOKEN_SECONDS,
    refresh_expires_at: withOffset(session.refreshExpiresAt),
    platform: session.platform,
    user: presentSessionUser(signedIn.account, signedIn.defaultAddress),
    ...(signedIn.isNewUser === undefined ? {} : { is_new_user: signedIn.isNewUser }),
  };
}

export function presentOtpSent(sent: OtpSent) {
  return {
    email: sent.email,
    next_action: 'verify_otp' as const,
    user_exists: sent.userExists,
    expires_in: otpRules.expiresInSeconds,
    resend_in: otpRules.resendInSeconds,
  };
}

export function presentEmailVerified(verified: EmailVerified) {
  return {
    email: verified.email,
    next_action: 'register_otp' as const,
    verified_token: verified.verifiedToken,
    expires_in: otpRules.verifiedTokenSeconds,
    expires_at: withOffset(verified.expiresAt),
  };
}

export function presentPhoneOtpSent(sent: PhoneOtpSent) {
  return {
    phone: sent.phone,
    next_action: 'verify_otp' as const,
    user_exists: sent.userExists,
    expires_in: otpRules.expiresInSeconds,
    resend_in: otpRules.resendInSeconds,
  };
}
