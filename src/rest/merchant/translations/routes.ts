import { scope } from '../../../auth/requirements.js';
import { getTranslatableResource, listTranslatableResources } from '../../../domain/translations/translatable-resources.js';
import { registerTranslations, removeTranslations } from '../../../domain/translations/write-translations.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentTranslatableResource } from './presenters.js';
import {
  removedTranslationsAnswer,
  resourceParams,
  translatableListQuery,
  translatableResourceAnswer,
  translatableResourceListAnswer,
  translationsDeleteQuery,
  translationsPutBody,
} from './schemas.js';

const outdatedRule =
  'Each field carries the SHA-256 digest of its source; each translation the digest of the source it translated, and outdated: true once they differ (the source was edited after the translation).';

export const translationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/translatable-resources',
    operationId: 'listTranslatableResources',
    tag: 'Translations',
    summary: "The store's resources of one type with their text to translate and its translations",
    description: `Ordered by uuid, walked with starting_after. ${outdatedRule}`,
    auth: scope('merchant-translations-read'),
    query: translatableListQuery,
    answer: translatableResourceListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listTranslatableResources(ctx, query);
      return { body: list('Translatable resources', page.resources.map(presentTranslatableResource), page) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/translatable-resources/:type/:id',
    operationId: 'getTranslatableResource',
    tag: 'Translations',
    summary: "One resource's text to translate, its digests and its translation in each locale",
    description: outdatedRule,
    auth: scope('merchant-translations-read'),
    params: resourceParams,
    answer: translatableResourceAnswer,
    handle: async (ctx, { params }) => ({
      body: single('Translatable resource', presentTranslatableResource(await getTranslatableResource(ctx, params.type, params.id))),
    }),
  }),
  defineRoute({
    method: 'PUT',
    url: '/translations/:type/:id',
    operationId: 'registerTranslations',
    tag: 'Translations',
    summary: "Set a resource's translations in one locale",
    description: `The keys sent are written with the digest of their current source; others keep theirs. Answers the resource as GET /translatable-resources/{type}/{id}. ${outdatedRule}`,
    auth: scope('merchant-translations-write'),
    params: resourceParams,
    body: translationsPutBody,
    answer: translatableResourceAnswer,
    handle: async (ctx, { params, body }) => ({
      body: single('Translations saved', presentTranslatableResource(await registerTranslations(ctx, params.type, params.id, body))),
    }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/translations/:type/:id',
    operationId: 'removeTranslations',
    tag: 'Translations',
    summary: "Remove a resource's translations in one locale, or only the keys named",
    description: 'Reads then fall back to the source for the keys removed. Keys that were not translated are not an error: removed lists what went.',
    auth: scope('merchant-translations-write'),
    params: resourceParams,
    query: translationsDeleteQuery,
    answer: removedTranslationsAnswer,
    handle: async (ctx, { params, query }) => {
      const result = await removeTranslations(ctx, params.type, params.id, query);
      return { body: single('Translations removed', { type: params.type, ...result }) };
    },
  }),
];
