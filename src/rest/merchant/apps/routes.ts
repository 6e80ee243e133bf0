import { scope } from '../../../auth/requirements.js';
import { raiseAlert } from '../../../domain/apps/alerts/raise-alert.js';
import { createDefinition, listDefinitions, updateDefinition } from '../../../domain/apps/collected/definitions.js';
import { submitRecord } from '../../../domain/apps/collected/submit-record.js';
import { replaceRequirements } from '../../../domain/apps/requirements/replace-requirements.js';
import { replaceSetupSheet } from '../../../domain/apps/setup/replace-setup.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { MERCHANT_PREFIX } from '../paths.js';
import { presentAlert, presentDefinition, presentRecord, presentRequirement, presentSetupSheet } from './presenters.js';
import {
  alertAnswer,
  alertBody,
  definitionAnswer,
  definitionCreateBody,
  definitionListAnswer,
  definitionListQuery,
  definitionParams,
  definitionPatchBody,
  recordAnswer,
  recordBody,
  requirementsAnswer,
  requirementsBody,
  setupAnswer,
  setupBody,
} from './schemas.js';

const tag = 'App installation';

/** The spec's "App installation" operations and collected records: the calling installation comes from the key. */
export const appRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/app/setup',
    operationId: 'replaceAppSetup',
    tag,
    summary: "Replace the calling installation's setup sheet",
    auth: scope('merchant-app_setup-update'),
    body: setupBody,
    answer: setupAnswer,
    handle: async (ctx, { body }) => ({ body: single('App setup saved', { setup: presentSetupSheet(ctx, await replaceSetupSheet(ctx, body)) }) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/app/alerts',
    operationId: 'createAppAlert',
    tag,
    summary: "Raise an alert for the store's merchant",
    auth: scope('merchant-app_alerts-create'),
    body: alertBody,
    answer: alertAnswer,
    handle: async (ctx, { body }) => {
      const alert = await raiseAlert(ctx, body);
      return { body: single(alert.deduped ? 'Alert deduplicated' : 'Alert raised', presentAlert(alert)) };
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/app/requirements',
    operationId: 'replaceAppRequirements',
    tag,
    summary: "Replace the products whose metafields the calling installation requires before checkout sells them",
    auth: scope('merchant-app-requirements-write'),
    body: requirementsBody,
    answer: requirementsAnswer,
    handle: async (ctx, { body }) => {
      const requirements = await replaceRequirements(ctx, body);
      return { body: single('App requirements saved', { requirements: requirements.map(presentRequirement) }) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/collected-definitions',
    operationId: 'listCollectedDefinitions',
    tag,
    summary: "The calling installation's collected definitions, ordered by type",
    auth: scope('merchant-collected-definitions-manage'),
    query: definitionListQuery,
    answer: definitionListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listDefinitions(ctx, query);
      return { body: list('Collected definitions', page.rows.map(presentDefinition), page) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/collected-definitions',
    operationId: 'createCollectedDefinition',
    tag,
    summary: 'Create a collected definition owned by the calling installation',
    auth: scope('merchant-collected-definitions-manage'),
    body: definitionCreateBody,
    answer: definitionAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const definition = await createDefinition(ctx, body);
      return {
        body: single('Collected definition created', presentDefinition(definition)),
        headers: { location: `${MERCHANT_PREFIX}/collected-definitions/${definition.pId}` },
      };
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/collected-definitions/:definition',
    operationId: 'updateCollectedDefinition',
    tag,
    summary: "Change a collected definition of the calling installation (another owner's answers 403)",
    auth: scope('merchant-collected-definitions-manage'),
    params: definitionParams,
    body: definitionPatchBody,
    answer: definitionAnswer,
    handle: async (ctx, { params, body }) => ({
      body: single('Collected definition updated', presentDefinition(await updateDefinition(ctx, params.definition, body))),
    }),
  }),
  defineRoute({
    method: 'POST',
    url: '/records',
    operationId: 'submitCollectedRecord',
    tag,
    summary: "Submit a record of one of the calling installation's collected definitions",
    auth: scope('merchant-collected-records-submit'),
    body: recordBody,
    answer: recordAnswer,
    status: 201,
    handle: async (ctx, { body }) => ({ body: single('Record submitted', presentRecord(await submitRecord(ctx, body))) }),
  }),
];
