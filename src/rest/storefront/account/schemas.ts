import { z } from 'zod';
import { accountUpdateShape, contactOtpShape } from '../../../domain/customers/accounts/update-account.js';
import { otpRules } from '../../../domain/customers/otp/otp-codes.js';
import { singleAnswer } from '../../kit/envelope.js';
import { uuid } from '../../kit/common-schemas.js';
import { wireObject } from '../../kit/wire-object.js';
import { sessionUser } from '../auth/schemas.js';

/** The signed-in shopper at this store: the session's `user`, with the store's own customer record. */
export const account = sessionUser.extend({
  first_name: z.string(),
  last_name: z.string(),
  customer: z.strictObject({
    id: z.int().meta({ description: "This store's customer id (the merchant API's p_id)." }),
    uid: uuid,
    created_at: z.string(),
  }),
});

export const accountAnswer = singleAnswer(account);

export const accountUpdateBody = wireObject(accountUpdateShape).meta({
  description:
    'Any of first_name, last_name, avatar (an https URL the app hosts, or null); a new email, or a new phone with country_code, together with otp_code, the code POST /store/account/contact-otp sent to it.',
});

export const contactOtpBody = wireObject(contactOtpShape).meta({
  description: 'The new email, or the new phone with country_code (and channel sms or whatsapp, sms by default).',
});

export const contactOtpAnswer = singleAnswer(
  z.strictObject({
    email: z.string().optional(),
    phone: z.string().optional().meta({ description: 'E.164.' }),
    channel: z.enum(['email', 'sms', 'whatsapp']),
    next_action: z.literal('update_account').meta({ description: 'PATCH /store/account with the address and otp_code.' }),
    expires_in: z.literal(otpRules.expiresInSeconds),
    resend_in: z.literal(otpRules.resendInSeconds),
  }),
);
