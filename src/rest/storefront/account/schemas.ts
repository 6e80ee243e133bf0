import { z } from 'zod';
import { singleAnswer } from '../../kit/envelope.js';
import { uuid } from '../../kit/common-schemas.js';
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
