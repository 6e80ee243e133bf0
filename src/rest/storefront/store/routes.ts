import { publishedLocales } from '../../../domain/locale/resolve-locale.js';
import { storeDiscounts } from '../../../domain/pricing/discounts.js';
import { single } from '../../kit/envelope.js';
import type { RestRoute } from '../../kit/surface.js';
import { presentLocale, presentStoreInfo } from './presenters.js';

export const storeRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/store/info',
    handle: async (ctx) => ({ body: single('Store information', presentStoreInfo(ctx.store, ctx.now, await storeDiscounts(ctx))) }),
  },
  {
    method: 'GET',
    url: '/store/locales',
    handle: async (ctx) => ({ body: single('Store locales', (await publishedLocales(ctx)).map(presentLocale)) }),
  },
];
