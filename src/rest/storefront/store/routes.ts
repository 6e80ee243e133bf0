import { storeKey } from '../../../auth/requirements.js';
import { publishedLocales } from '../../../domain/locale/resolve-locale.js';
import { storeDiscounts } from '../../../domain/discounts/store-discounts.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentLocale, presentStoreInfo } from './presenters.js';
import { localesAnswer, storeInfoAnswer } from './schemas.js';

export const storeRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/info',
    operationId: 'getStoreInfo',
    tag: 'Store',
    summary: 'The store, its delivery settings and whether it is open now',
    pageView: { kind: 'home' },
    auth: storeKey,
    answer: storeInfoAnswer,
    handle: async (ctx) => ({ body: single('Store information', presentStoreInfo(ctx.store, ctx.now, await storeDiscounts(ctx))) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/store/locales',
    operationId: 'listLocales',
    tag: 'Store',
    summary: 'Published locales, primary first',
    auth: storeKey,
    answer: localesAnswer,
    handle: async (ctx) => ({ body: single('Store locales', (await publishedLocales(ctx)).map(presentLocale)) }),
  }),
];
