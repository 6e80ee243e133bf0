import { updateMetafieldDefinition, metafieldDefinitionPatch } from '../../domain/custom-data/update-metafield-definition.js';
import { updateMetaobject, metaobjectPatch } from '../../domain/custom-data/update-metaobject.js';
import { updateMetaobjectDefinition, metaobjectDefinitionPatch } from '../../domain/custom-data/update-metaobject-definition.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { payloadType } from '../shared/payload.js';
import { asMutationPayload } from '../shared/user-errors.js';
import { MetaobjectFieldInput, ValidationInput } from './mutations.js';
import { MetafieldDefinitionRef, MetaobjectDefinitionRef, MetaobjectRef } from './types.js';

// The custom-data patches of the merchant API (PATCH /metafield-definitions/{definition},
// /metaobject-definitions/{type}, /metaobjects/{id}) as mutations: the same domain schemas and
// functions behind the same scopes as REST, mistakes (an unknown record included) as userErrors.

const MetafieldDefinitionUpdateInput = builder.inputType('MetafieldDefinitionUpdateInput', {
  description: 'PATCH /metafield-definitions/{definition} under camelCase names: the fields sent change.',
  fields: (t) => ({
    name: t.string({ required: false }),
    description: t.string({ required: false }),
    validations: t.field({ type: [ValidationInput], required: false, description: 'Replaced whole, checked against the type.' }),
    storefrontVisible: t.boolean({ required: false }),
    ownerType: t.string({ required: false, description: 'Immutable: accepted only unchanged.' }),
    namespace: t.string({ required: false, description: 'Immutable: accepted only unchanged.' }),
    key: t.string({ required: false, description: 'Immutable: accepted only unchanged.' }),
    type: t.string({ required: false, description: 'Immutable: accepted only unchanged.' }),
  }),
});

const MetaobjectDefinitionUpdateInput = builder.inputType('MetaobjectDefinitionUpdateInput', {
  description: 'PATCH /metaobject-definitions/{type} under camelCase names: the fields sent change; fields merges by key (a field type is immutable).',
  fields: (t) => ({
    type: t.string({ required: false, description: 'Immutable: accepted only unchanged.' }),
    name: t.string({ required: false }),
    description: t.string({ required: false }),
    displayField: t.string({ required: false, description: 'The key of one of the merged fields; null clears it.' }),
    storefrontVisible: t.boolean({ required: false }),
    fields: t.field({ type: [MetaobjectFieldInput], required: false }),
  }),
});

const MetaobjectUpdateInput = builder.inputType('MetaobjectUpdateInput', {
  description: 'PATCH /metaobjects/{id}: fields merges into the stored values (null removes a key) and the entry is checked whole; handle renames it.',
  fields: (t) => ({
    type: t.string({ required: false, description: 'Immutable: accepted only unchanged.' }),
    handle: t.string({ required: false }),
    fields: t.field({ type: 'JSONObject', required: false }),
  }),
});

const recordId = { required: true, description: 'The uuid or the integer p_id of a record of this store.' } as const;

builder.mutationFields((t) => ({
  metafieldDefinitionUpdate: t.field({
    type: payloadType('MetafieldDefinitionUpdatePayload', 'metafieldDefinition', MetafieldDefinitionRef),
    ...merchantScope('merchant-metafields-create'),
    description: "PATCH /metafield-definitions/{definition}: a definition's name, description, validations or storefront access.",
    args: { id: t.arg.string(recordId), input: t.arg({ type: MetafieldDefinitionUpdateInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(() => updateMetafieldDefinition(ctx, args.id, parseInput(metafieldDefinitionPatch, args.input)), inputField),
  }),
  metaobjectDefinitionUpdate: t.field({
    type: payloadType('MetaobjectDefinitionUpdatePayload', 'metaobjectDefinition', MetaobjectDefinitionRef),
    ...merchantScope('merchant-metaobjects-create'),
    description: 'PATCH /metaobject-definitions/{type}: its name, description, display field, storefront access, and fields merged by key.',
    args: {
      type: t.arg.string({ required: true, description: 'A metaobject type of this store.' }),
      input: t.arg({ type: MetaobjectDefinitionUpdateInput, required: true }),
    },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(() => updateMetaobjectDefinition(ctx, args.type, parseInput(metaobjectDefinitionPatch, args.input)), inputField),
  }),
  metaobjectUpdate: t.field({
    type: payloadType('MetaobjectUpdatePayload', 'metaobject', MetaobjectRef),
    ...merchantScope('merchant-metaobjects-create'),
    description: 'PATCH /metaobjects/{id}: its handle, and field values merged and checked again.',
    args: { id: t.arg.string(recordId), input: t.arg({ type: MetaobjectUpdateInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(async () => ({ ...(await updateMetaobject(ctx, args.id, parseInput(metaobjectPatch, args.input))), locale: null }), inputField),
  }),
}));
