import { scope } from '../../../auth/requirements.js';
import { getStoreProfile } from '../../../domain/store/store-profile.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentStoreProfile } from './presenters.js';
import { storeProfileAnswer } from './schemas.js';

export const storeRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store',
    operationId: 'getStoreProfile',
    tag: 'Store',
    summary: 'The business profile, unmasked',
    auth: scope('merchant-business_profile-read'),
    answer: storeProfileAnswer,
    handle: async (ctx) => {
      const { store, locales } = await getStoreProfile(ctx);
      return { body: single('Store profile', presentStoreProfile(store, locales)) };
    },
  }),
];
