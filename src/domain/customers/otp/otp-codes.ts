import { randomInt } from 'node:crypto';
import { hmac, safeEqual } from '../../../platform/crypto/tokens.js';

/** What a code and a challenge allow: the spec's documented 300 s and 60 s, and 5 tries. */
export const otpRules = { digits: 6, expiresInSeconds: 300, resendInSeconds: 60, maxAttempts: 5, verifiedTokenSeconds: 900 } as const;

export function newOtpCode(): string {
  return String(randomInt(0, 10 ** otpRules.digits)).padStart(otpRules.digits, '0');
}

/**
 * A code is kept as an HMAC keyed by the server secret and bound to its challenge: a million
 * possible codes would fall to an offline search of a plain hash, but not without the secret.
 */
export function otpCodeHash(secret: string, challengeId: string, code: string): string {
  return Buffer.from(hmac(secret, `otp:${challengeId}:${code}`), 'base64url').toString('hex');
}

export function otpCodeMatches(secret: string, challengeId: string, code: string, storedHash: string): boolean {
  return safeEqual(otpCodeHash(secret, challengeId, code), storedHash);
}
