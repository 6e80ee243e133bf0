import { storeKey } from '../../../auth/requirements.js';
import { findMetaobjectDefinition } from '../../../domain/custom-data/find-metaobject-definition.js';
import { findMetaobject, listMetaobjects, type MetaobjectEntry } from '../../../domain/custom-data/list-custom-data.js';
import { localizedMetaobjectFields } from '../../../domain/custom-data/localized-metaobject.js';
import type { Ctx } from '../../../domain/context.js';
import { resolveLocale, type ResolvedLocale } from '../../../domain/locale/resolve-locale.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentMetaobject } from '../../merchant/metaobjects/presenters.js';
import {
  entryParams,
  storefrontMetaobjectAnswer,
  storefrontMetaobjectListAnswer,
  storefrontMetaobjectListQuery,
  storefrontMetaobjectQuery,
  typeParams,
} from './schemas.js';

/** An entry as a shopper reads it: its text fields in the locale asked, where translated. */
async function presentLocalized(ctx: Ctx, entry: MetaobjectEntry, locale: ResolvedLocale) {
  return presentMetaobject({ ...entry, fields: (await localizedMetaobjectFields(ctx, entry, locale)) as object }, entry.definition);
}

export const metaobjectRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/metaobjects/:type',
    operationId: 'listStorefrontMetaobjects',
    tag: 'Metaobjects',
    summary: 'The entries of a storefront-visible metaobject type, oldest first; any other type answers 404',
    auth: storeKey,
    designed: true,
    cache: 'catalogue',
    params: typeParams,
    query: storefrontMetaobjectListQuery,
    answer: storefrontMetaobjectListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { params, query }) => {
      const [definition, locale] = await Promise.all([findMetaobjectDefinition(ctx, params.type, { shopper: true }), resolveLocale(ctx, query.locale)]);
      if (!definition) throw ApiError.notFound('Metaobject type');
      const page = await listMetaobjects(ctx, { window: query.window, type: params.type, shopper: true });
      const entries = await Promise.all(page.rows.map((e) => presentLocalized(ctx, e, locale)));
      return { contentLanguage: locale.code, body: list('Metaobjects', entries, page) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/store/metaobjects/:type/:handle',
    operationId: 'getStorefrontMetaobject',
    tag: 'Metaobjects',
    summary: 'One entry of a storefront-visible metaobject type by its handle',
    auth: storeKey,
    designed: true,
    cache: 'catalogue',
    params: entryParams,
    query: storefrontMetaobjectQuery,
    answer: storefrontMetaobjectAnswer,
    handle: async (ctx, { params, query }) => {
      const [entry, locale] = await Promise.all([findMetaobject(ctx, params.type, params.handle, { shopper: true }), resolveLocale(ctx, query.locale)]);
      if (!entry) throw ApiError.notFound('Metaobject');
      return { contentLanguage: locale.code, body: single('Metaobject', await presentLocalized(ctx, entry, locale)) };
    },
  }),
];
