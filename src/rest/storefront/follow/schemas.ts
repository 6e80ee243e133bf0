import { z } from 'zod';
import { flexBoolean } from '../../../platform/validation/body-fields.js';
import { singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

const followState = z
  .strictObject({
    following: z.boolean(),
    shared_contact: z.boolean().meta({ description: 'Whether the merchant sees the shopper’s email and phone in its follower list.' }),
    followed_at: z.string().nullable().meta({ description: 'ISO 8601; when the shopper first followed, null when not following.' }),
  })
  .meta({ id: 'FollowState' });

export const followAnswer = singleAnswer(followState);

export const followBody = wireObject({
  sharedContact: flexBoolean.optional().meta({ description: 'Share email and phone with the store; a new follow without it does not.' }),
});
