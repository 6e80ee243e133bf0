import { scope } from '../../../auth/requirements.js';
import { createMetaobject } from '../../../domain/custom-data/create-metaobject.js';
import { createMetaobjectDefinition } from '../../../domain/custom-data/create-metaobject-definition.js';
import { listMetaobjectDefinitions, listMetaobjects } from '../../../domain/custom-data/list-custom-data.js';
import { updateMetaobject } from '../../../domain/custom-data/update-metaobject.js';
import { updateMetaobjectDefinition } from '../../../domain/custom-data/update-metaobject-definition.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentMetaobject, presentMetaobjectDefinition } from './presenters.js';
import {
  metaobjectAnswer,
  metaobjectBody,
  metaobjectDefinitionAnswer,
  metaobjectDefinitionBody,
  metaobjectDefinitionListAnswer,
  metaobjectDefinitionListQuery,
  metaobjectListAnswer,
  metaobjectListQuery,
  metaobjectParams,
  metaobjectPatchBody,
  metaobjectDefinitionPatchBody,
  metaobjectTypeParams,
} from './schemas.js';

export const metaobjectRoutes = [
  defineRoute({
    method: 'GET',
    url: '/metaobject-definitions',
    operationId: 'listMerchantMetaobjectDefinitions',
    tag: 'Metaobjects',
    summary: "The store's metaobject definitions, oldest first",
    auth: scope('merchant-metaobjects-read'),
    query: metaobjectDefinitionListQuery,
    answer: metaobjectDefinitionListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listMetaobjectDefinitions(ctx, query);
      return { body: list('Metaobject definitions', page.rows.map(presentMetaobjectDefinition), page) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/metaobject-definitions',
    operationId: 'createMerchantMetaobjectDefinition',
    tag: 'Metaobjects',
    summary: 'Define a metaobject type',
    auth: scope('merchant-metaobjects-create'),
    body: metaobjectDefinitionBody,
    answer: metaobjectDefinitionAnswer,
    status: 201,
    handle: async (ctx, { body }) => ({
      body: single('Metaobject definition created', presentMetaobjectDefinition(await createMetaobjectDefinition(ctx, body))),
    }),
  }),
  defineRoute({
    method: 'GET',
    url: '/metaobjects',
    operationId: 'listMerchantMetaobjects',
    tag: 'Metaobjects',
    summary: "The store's metaobject entries, oldest first, of one type when asked",
    auth: scope('merchant-metaobjects-read'),
    query: metaobjectListQuery,
    answer: metaobjectListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listMetaobjects(ctx, query);
      return {
        body: list(
          'Metaobjects',
          page.rows.map((e) => presentMetaobject(e, e.definition)),
          page,
        ),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/metaobjects',
    operationId: 'createMerchantMetaobject',
    tag: 'Metaobjects',
    summary: 'Create an entry of a metaobject type',
    auth: scope('merchant-metaobjects-create'),
    body: metaobjectBody,
    answer: metaobjectAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const { entry, definition } = await createMetaobject(ctx, body);
      return { body: single('Metaobject created', presentMetaobject(entry, definition)) };
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/metaobject-definitions/:type',
    operationId: 'updateMerchantMetaobjectDefinition',
    tag: 'Metaobjects',
    summary: 'Change a metaobject type: its name, description, display field, storefront access, and fields merged by key',
    auth: scope('merchant-metaobjects-create'),
    designed: true,
    params: metaobjectTypeParams,
    body: metaobjectDefinitionPatchBody,
    answer: metaobjectDefinitionAnswer,
    handle: async (ctx, { params, body }) => ({
      body: single('Metaobject definition updated', presentMetaobjectDefinition(await updateMetaobjectDefinition(ctx, params.type, body))),
    }),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/metaobjects/:id',
    operationId: 'updateMerchantMetaobject',
    tag: 'Metaobjects',
    summary: 'Change a metaobject entry: its handle, and field values merged and checked again',
    auth: scope('merchant-metaobjects-create'),
    designed: true,
    params: metaobjectParams,
    body: metaobjectPatchBody,
    answer: metaobjectAnswer,
    handle: async (ctx, { params, body }) => {
      const entry = await updateMetaobject(ctx, params.id, body);
      return { body: single('Metaobject updated', presentMetaobject(entry, entry.definition)) };
    },
  }),
];
