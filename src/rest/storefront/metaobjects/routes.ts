import { storeKey } from '../../../auth/requirements.js';
import { findMetaobjectDefinition } from '../../../domain/custom-data/find-metaobject-definition.js';
import { findMetaobject, listMetaobjects } from '../../../domain/custom-data/list-custom-data.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentMetaobject } from '../../merchant/metaobjects/presenters.js';
import { entryParams, storefrontMetaobjectAnswer, storefrontMetaobjectListAnswer, storefrontMetaobjectListQuery, typeParams } from './schemas.js';

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
      if (!(await findMetaobjectDefinition(ctx, params.type, { shopper: true }))) throw ApiError.notFound('Metaobject type');
      const page = await listMetaobjects(ctx, { window: query, type: params.type, shopper: true });
      return { body: list('Metaobjects', page.rows.map((e) => presentMetaobject(e, e.definition)), page) };
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
    answer: storefrontMetaobjectAnswer,
    handle: async (ctx, { params }) => {
      const entry = await findMetaobject(ctx, params.type, params.handle, { shopper: true });
      if (!entry) throw ApiError.notFound('Metaobject');
      return { body: single('Metaobject', presentMetaobject(entry, entry.definition)) };
    },
  }),
];
