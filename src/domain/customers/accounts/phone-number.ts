import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { ApiError } from '../../../platform/errors/api-error.js';

/** `country_code` is the country (ISO 3166 alpha-2, "US") or its calling code ("+1" or "1"). */
export const countryCodeInput = z
  .string({ error: 'must be a country such as "US" or a calling code such as "+1"' })
  .trim()
  .regex(/^(?:[A-Za-z]{2}|\+?\d{1,3})$/, { error: 'must be a country such as "US" or a calling code such as "+1"' });

export const phoneInput = z
  .string({ error: 'must be a phone number' })
  .trim()
  .min(4, { error: 'must be a phone number' })
  .max(32, { error: 'must be at most 32 characters' });

/**
 * A phone number in E.164, checked against the numbering plan of its country by libphonenumber's
 * metadata: a number that cannot exist there is refused, naming `phone`.
 */
export function toE164(phone: string, countryCode: string): string {
  const parsed = /^[A-Za-z]{2}$/.test(countryCode)
    ? parsePhoneNumberFromString(phone, countryCode.toUpperCase() as CountryCode)
    : parsePhoneNumberFromString(phone, { defaultCallingCode: countryCode.replace('+', '') });
  if (!parsed?.isValid()) throw ApiError.invalidField('phone', `is not a valid phone number for country code ${countryCode}`);
  return parsed.number;
}
