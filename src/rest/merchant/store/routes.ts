import { getStoreProfile } from '../../../domain/store/store-profile.js';
import { single } from '../../kit/envelope.js';
import type { RestRoute } from '../../kit/surface.js';
import { presentStoreProfile } from './presenters.js';

export const storeRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/store',
    scope: 'merchant-business_profile-read',
    handle: async (ctx) => {
      const { store, locales } = await getStoreProfile(ctx);
      return { body: single('Store profile', presentStoreProfile(store, locales)) };
    },
  },
];
