import { scope } from '../../../auth/requirements.js';
import { addStoreLocale, deleteStoreLocale, listStoreLocales, updateStoreLocale } from '../../../domain/locale/manage-locales.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { MERCHANT_PREFIX } from '../paths.js';
import { presentMerchantLocale } from './presenters.js';
import { deletedLocaleAnswer, localeCreateBody, localeParams, localeUpdateBody, merchantLocaleAnswer, merchantLocaleListAnswer } from './schemas.js';

export const localeRoutes = [
  defineRoute({
    method: 'GET',
    url: '/locales',
    operationId: 'listMerchantLocales',
    tag: 'Locales',
    summary: 'Every locale of the store, published or not, primary first',
    auth: scope('merchant-locales-read'),
    answer: merchantLocaleListAnswer,
    handle: async (ctx) => ({ body: single('Locales', (await listStoreLocales(ctx)).map(presentMerchantLocale)) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/locales',
    operationId: 'addMerchantLocale',
    tag: 'Locales',
    summary: 'Add a locale (unpublished unless published is true)',
    description: 'A code the store has already is 409 conflict; an unknown code a 422 on code.',
    auth: scope('merchant-locales-write'),
    body: localeCreateBody,
    answer: merchantLocaleAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const locale = await addStoreLocale(ctx, body);
      return { body: single('Locale added', presentMerchantLocale(locale)), headers: { location: `${MERCHANT_PREFIX}/locales/${locale.code}` } };
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/locales/:locale',
    operationId: 'updateMerchantLocale',
    tag: 'Locales',
    summary: 'Publish, unpublish or make primary',
    auth: scope('merchant-locales-write'),
    params: localeParams,
    body: localeUpdateBody,
    answer: merchantLocaleAnswer,
    handle: async (ctx, { params, body }) => ({ body: single('Locale updated', presentMerchantLocale(await updateStoreLocale(ctx, params.locale, body))) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/locales/:locale',
    operationId: 'deleteMerchantLocale',
    tag: 'Locales',
    summary: 'Remove a locale and its translations',
    description: 'The primary locale cannot be deleted (422). Translations in the locale are deleted with it; adding it again starts untranslated.',
    auth: scope('merchant-locales-write'),
    params: localeParams,
    answer: deletedLocaleAnswer,
    handle: async (ctx, { params }) => {
      const locale = await deleteStoreLocale(ctx, params.locale);
      return { body: single('Locale deleted', { locale: locale.code, deleted: true, translations_deleted: true }) };
    },
  }),
];
