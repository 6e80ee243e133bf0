import { scope } from '../../../auth/requirements.js';
import { createMetafieldDefinition } from '../../../domain/custom-data/create-metafield-definition.js';
import { listMetafieldDefinitions } from '../../../domain/custom-data/list-custom-data.js';
import { updateMetafieldDefinition } from '../../../domain/custom-data/update-metafield-definition.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentMetafieldDefinition } from './presenters.js';
import {
  metafieldDefinitionAnswer,
  metafieldDefinitionBody,
  metafieldDefinitionListAnswer,
  metafieldDefinitionListQuery,
  metafieldDefinitionParams,
  metafieldDefinitionPatchBody,
} from './schemas.js';

export const metafieldRoutes = [
  defineRoute({
    method: 'GET',
    url: '/metafield-definitions',
    operationId: 'listMerchantMetafieldDefinitions',
    tag: 'Metafields',
    summary: "The store's metafield definitions, oldest first",
    auth: scope('merchant-metafields-read'),
    query: metafieldDefinitionListQuery,
    answer: metafieldDefinitionListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listMetafieldDefinitions(ctx, query);
      return { body: list('Metafield definitions', page.rows.map(presentMetafieldDefinition), page) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/metafield-definitions',
    operationId: 'createMerchantMetafieldDefinition',
    tag: 'Metafields',
    summary: 'Define a metafield for products, variants, collections, customers or orders',
    auth: scope('merchant-metafields-create'),
    body: metafieldDefinitionBody,
    answer: metafieldDefinitionAnswer,
    status: 201,
    handle: async (ctx, { body }) => ({ body: single('Metafield definition created', presentMetafieldDefinition(await createMetafieldDefinition(ctx, body))) }),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/metafield-definitions/:definition',
    operationId: 'updateMerchantMetafieldDefinition',
    tag: 'Metafields',
    summary: "Change a metafield definition's name, description, validations or storefront access",
    auth: scope('merchant-metafields-create'),
    designed: true,
    params: metafieldDefinitionParams,
    body: metafieldDefinitionPatchBody,
    answer: metafieldDefinitionAnswer,
    handle: async (ctx, { params, body }) => ({
      body: single('Metafield definition updated', presentMetafieldDefinition(await updateMetafieldDefinition(ctx, params.definition, body))),
    }),
  }),
];
