import { z } from 'zod';
import type { CollectedDefinition } from '../../generated/prisma/client.js';
import { raiseAlert, type RaisedAlert } from '../../domain/apps/alerts/raise-alert.js';
import { alertShape } from '../../domain/apps/alerts/alert-fields.js';
import { definitionCreateShape, definitionPatchShape } from '../../domain/apps/collected/definition-fields.js';
import { createDefinition, fieldsOf, updateDefinition } from '../../domain/apps/collected/definitions.js';
import { recordShape } from '../../domain/apps/collected/record-fields.js';
import { submitRecord } from '../../domain/apps/collected/submit-record.js';
import { replaceRequirements, type Requirement } from '../../domain/apps/requirements/replace-requirements.js';
import { requirementsShape } from '../../domain/apps/requirements/requirement-fields.js';
import { replaceSetupSheet } from '../../domain/apps/setup/replace-setup.js';
import { setupShape } from '../../domain/apps/setup/setup-fields.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { payloadType } from '../shared/payload.js';
import { asMutationPayload } from '../shared/user-errors.js';
import { AppAlertSeverity, AppSetupSheet, CollectedRecord } from './types.js';

// The app operations of the merchant API as mutations: the same domain calls, input rules and
// scopes as REST /app/setup, /app/alerts, /app/requirements, /collected-definitions and /records.
// The calling installation comes from the key; a merchant's key is forbidden, as on REST.

const AppSetupItemInput = builder.inputType('AppSetupItemInput', {
  fields: (t) => ({
    key: t.string({ required: true }),
    label: t.string({ required: true }),
    value: t.string({ required: false }),
    sensitive: t.boolean({ required: false }),
    copyable: t.boolean({ required: false }),
    instructions: t.string({ required: false }),
  }),
});

const AppSetupInput = builder.inputType('AppSetupInput', {
  description: 'PUT /app/setup: the whole sheet, replacing the one before.',
  fields: (t) => ({ status: t.string({ required: true }), items: t.field({ type: [AppSetupItemInput], required: true }) }),
});

const AppAlertInput = builder.inputType('AppAlertInput', {
  description: 'POST /app/alerts: an alert for the merchant; a repeat of dedupeKey within its hour answers the first alert.',
  fields: (t) => ({
    severity: t.field({ type: AppAlertSeverity, required: true }),
    title: t.string({ required: true }),
    message: t.string({ required: true }),
    dedupeKey: t.string({ required: false }),
  }),
});

const AppRequirementInput = builder.inputType('AppRequirementInput', {
  fields: (t) => ({
    productPId: t.int({ required: true, description: 'The integer id of a product of this store (REST product_product_p_id).' }),
    prefix: t.string({ required: true, description: "A metafield prefix under the app's own app.{slug}." }),
  }),
});

const AppRequirementsInput = builder.inputType('AppRequirementsInput', {
  description: 'PUT /app/requirements: the whole list, replacing the one before.',
  fields: (t) => ({ items: t.field({ type: [AppRequirementInput], required: true }) }),
});

const CollectedValidationInput = builder.inputType('CollectedValidationInput', {
  fields: (t) => ({ name: t.string({ required: true }), value: t.field({ type: 'JSON', required: true }) }),
});

const CollectedFieldInput = builder.inputType('CollectedFieldInput', {
  fields: (t) => ({
    key: t.string({ required: true }),
    name: t.string({ required: true }),
    type: t.string({ required: true }),
    required: t.boolean({ required: false }),
    validations: t.field({ type: [CollectedValidationInput], required: false }),
  }),
});

const collectedDefinitionInput = (create: boolean) =>
  builder.inputType(create ? 'CollectedDefinitionCreateInput' : 'CollectedDefinitionUpdateInput', {
    description: create
      ? "POST /collected-definitions: type starts with the installation's app_{slug}_{installation}_ prefix."
      : 'PATCH /collected-definitions/{definition}: the fields sent change; type is immutable.',
    fields: (t) => ({
      type: t.string({ required: create }),
      name: t.string({ required: create }),
      description: t.string({ required: false }),
      displayField: t.string({ required: false }),
      storefrontVisible: t.boolean({ required: false }),
      hasPages: t.boolean({ required: false }),
      entryCapOverride: t.int({ required: false }),
      retentionDays: t.int({ required: false }),
      fields: t.field({ type: [CollectedFieldInput], required: create }),
    }),
  });

const CollectedRecordInput = builder.inputType('CollectedRecordInput', {
  description: "POST /records: a collected definition's type and its field key to value map.",
  fields: (t) => ({ type: t.string({ required: true }), fields: t.field({ type: 'JSONObject', required: true }) }),
});

const CollectedValidation = builder.objectRef<{ name: string; value: unknown }>('CollectedValidation').implement({
  fields: (t) => ({ name: t.exposeString('name'), value: t.field({ type: 'JSON', resolve: (v) => v.value }) }),
});

const CollectedField = builder.objectRef<ReturnType<typeof fieldsOf>[number]>('CollectedField').implement({
  fields: (t) => ({
    key: t.exposeString('key'),
    name: t.exposeString('name'),
    type: t.exposeString('type'),
    required: t.exposeBoolean('required'),
    validations: t.field({ type: [CollectedValidation], resolve: (f) => f.validations }),
  }),
});

export const CollectedDefinitionRef = builder.objectRef<CollectedDefinition>('CollectedDefinition').implement({
  description: 'A typed form an app installation collects records with (REST /collected-definitions).',
  fields: (t) => ({
    pId: t.exposeInt('pId'),
    type: t.exposeString('type'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    displayField: t.exposeString('displayField', { nullable: true }),
    storefrontVisible: t.exposeBoolean('storefrontVisible'),
    hasPages: t.exposeBoolean('hasPages'),
    dataClass: t.string({ description: 'Always collected.', resolve: () => 'collected' }),
    entryCapOverride: t.exposeInt('entryCapOverride', { nullable: true }),
    retentionDays: t.exposeInt('retentionDays', { nullable: true }),
    fields: t.field({ type: [CollectedField], resolve: (d) => fieldsOf(d) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const AppAlertRaised = builder.objectRef<RaisedAlert>('AppAlertRaised').implement({
  fields: (t) => ({
    severity: t.field({ type: AppAlertSeverity, resolve: (a) => a.severity as 'info' | 'warning' | 'error' }),
    deduped: t.exposeBoolean('deduped', { description: 'A repeat of a dedupeKey within its hour: nothing new was raised.' }),
    notificationId: t.field({ type: 'UUID', description: 'The alert; a deduplicated repeat answers the first one.', resolve: (a) => a.notificationId }),
  }),
});

const AppRequirement = builder.objectRef<Requirement>('AppRequirement').implement({
  fields: (t) => ({ productPId: t.exposeInt('productPId'), prefix: t.exposeString('prefix') }),
});

const AppRequirementList = builder.objectRef<Requirement[]>('AppRequirementList').implement({
  fields: (t) => ({ items: t.field({ type: [AppRequirement], resolve: (r) => r }) }),
});

const setupInput = z.strictObject(setupShape);
const alertInput = z.strictObject(alertShape);
const requirementsInput = z.strictObject(requirementsShape);
const definitionCreateInput = z.strictObject(definitionCreateShape);
const definitionPatchInput = z.strictObject(definitionPatchShape);
const recordInput = z.strictObject(recordShape);

/** A requirement item's product, as the domain names it (`product_product_p_id`), under its GraphQL name. */
const requirementField = (field: string) => inputField(field.replace(/\.product_product_p_id$/, '.productPId'));

builder.mutationFields((t) => ({
  appSetupPut: t.field({
    type: payloadType('AppSetupPutPayload', 'setup', AppSetupSheet),
    ...merchantScope('merchant-app_setup-update'),
    description: "PUT /app/setup: replaces the calling installation's setup sheet.",
    args: { input: t.arg({ type: AppSetupInput, required: true }) },
    resolve: (_root, args, { ctx }) => asMutationPayload(() => replaceSetupSheet(ctx, parseInput(setupInput, args.input)), inputField),
  }),
  appAlertCreate: t.field({
    type: payloadType('AppAlertCreatePayload', 'alert', AppAlertRaised),
    ...merchantScope('merchant-app_alerts-create'),
    description: 'POST /app/alerts: an alert for the merchant, capped per installation per hour (past it, too_many_requests).',
    args: { input: t.arg({ type: AppAlertInput, required: true }) },
    resolve: (_root, args, { ctx }) => asMutationPayload(() => raiseAlert(ctx, parseInput(alertInput, args.input)), inputField),
  }),
  appRequirementsPut: t.field({
    type: payloadType('AppRequirementsPutPayload', 'requirements', AppRequirementList),
    ...merchantScope('merchant-app-requirements-write'),
    description: 'PUT /app/requirements: the products whose metafields under the prefixes checkout needs filled.',
    args: { input: t.arg({ type: AppRequirementsInput, required: true }) },
    resolve: (_root, args, { ctx }) => {
      const items = args.input.items.map(({ productPId, prefix }) => ({ product_product_p_id: productPId, prefix }));
      return asMutationPayload(() => replaceRequirements(ctx, parseInput(requirementsInput, { items })), requirementField);
    },
  }),
  collectedDefinitionCreate: t.field({
    type: payloadType('CollectedDefinitionCreatePayload', 'collectedDefinition', CollectedDefinitionRef),
    ...merchantScope('merchant-collected-definitions-manage'),
    description: 'POST /collected-definitions: a definition owned by the calling installation.',
    args: { input: t.arg({ type: collectedDefinitionInput(true), required: true }) },
    resolve: (_root, args, { ctx }) => asMutationPayload(() => createDefinition(ctx, parseInput(definitionCreateInput, args.input)), inputField),
  }),
  collectedDefinitionUpdate: t.field({
    type: payloadType('CollectedDefinitionUpdatePayload', 'collectedDefinition', CollectedDefinitionRef),
    ...merchantScope('merchant-collected-definitions-manage'),
    description: "PATCH /collected-definitions/{definition}: changes a definition of the calling installation (another owner's is forbidden).",
    args: { id: t.arg.int({ required: true, description: "The definition's pId." }), input: t.arg({ type: collectedDefinitionInput(false), required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(() => updateDefinition(ctx, String(args.id), parseInput(definitionPatchInput, args.input)), inputField),
  }),
  collectedRecordSubmit: t.field({
    type: payloadType('CollectedRecordSubmitPayload', 'record', CollectedRecord),
    ...merchantScope('merchant-collected-records-submit'),
    description: "POST /records: a record of one of the calling installation's collected definitions.",
    args: { input: t.arg({ type: CollectedRecordInput, required: true }) },
    resolve: (_root, args, { ctx }) => asMutationPayload(() => submitRecord(ctx, parseInput(recordInput, args.input)), inputField),
  }),
}));
