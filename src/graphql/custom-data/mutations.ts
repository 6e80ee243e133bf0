import { createMetafieldDefinition } from '../../domain/custom-data/create-metafield-definition.js';
import { createMetaobject } from '../../domain/custom-data/create-metaobject.js';
import { createMetaobjectDefinition } from '../../domain/custom-data/create-metaobject-definition.js';
import { metafieldDefinitionInput } from '../../domain/custom-data/metafield-definition-fields.js';
import { metaobjectDefinitionInput, metaobjectInput } from '../../domain/custom-data/metaobject-definition-fields.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { payloadType } from '../shared/payload.js';
import { asMutationPayload } from '../shared/user-errors.js';
import { MetafieldDefinitionRef, MetaobjectDefinitionRef, MetaobjectRef } from './types.js';

// The custom-data writes of the merchant API as mutations: the same input rules (parsed by the
// domain's schemas), the same domain calls and scopes as REST, mistakes as userErrors.

export const ValidationInput = builder.inputType('MetafieldValidationInput', {
  fields: (t) => ({ name: t.string({ required: true }), value: t.field({ type: 'JSON', required: true }) }),
});

const MetafieldDefinitionCreateInput = builder.inputType('MetafieldDefinitionCreateInput', {
  description: 'POST /metafield-definitions under camelCase names.',
  fields: (t) => ({
    ownerType: t.string({ required: true, description: 'product, variant, collection, customer or order.' }),
    namespace: t.string({ required: true, description: "app.{slug} (and below) only from that app's installation; never bazaar.*." }),
    key: t.string({ required: true }),
    name: t.string({ required: true }),
    description: t.string({ required: false }),
    type: t.string({ required: true }),
    validations: t.field({ type: [ValidationInput], required: false }),
    storefrontVisible: t.boolean({ required: false }),
  }),
});

export const MetaobjectFieldInput = builder.inputType('MetaobjectFieldInput', {
  fields: (t) => ({
    key: t.string({ required: true }),
    name: t.string({ required: true }),
    type: t.string({ required: true }),
    required: t.boolean({ required: false }),
    validations: t.field({ type: [ValidationInput], required: false }),
  }),
});

const MetaobjectDefinitionCreateInput = builder.inputType('MetaobjectDefinitionCreateInput', {
  description: 'POST /metaobject-definitions under camelCase names.',
  fields: (t) => ({
    type: t.string({ required: true }),
    name: t.string({ required: true }),
    description: t.string({ required: false }),
    displayField: t.string({ required: false }),
    storefrontVisible: t.boolean({ required: false }),
    fields: t.field({ type: [MetaobjectFieldInput], required: true }),
  }),
});

const MetaobjectCreateInput = builder.inputType('MetaobjectCreateInput', {
  description: 'POST /metaobjects: an existing type, a handle unique within it, and field key to value.',
  fields: (t) => ({
    type: t.string({ required: true }),
    handle: t.string({ required: true }),
    fields: t.field({ type: 'JSONObject', required: true }),
  }),
});

const MetafieldDefinitionCreatePayload = payloadType('MetafieldDefinitionCreatePayload', 'metafieldDefinition', MetafieldDefinitionRef);
const MetaobjectDefinitionCreatePayload = payloadType('MetaobjectDefinitionCreatePayload', 'metaobjectDefinition', MetaobjectDefinitionRef);
const MetaobjectCreatePayload = payloadType('MetaobjectCreatePayload', 'metaobject', MetaobjectRef);

builder.mutationFields((t) => ({
  metafieldDefinitionCreate: t.field({
    type: MetafieldDefinitionCreatePayload,
    ...merchantScope('merchant-metafields-create'),
    description: 'POST /metafield-definitions: a typed metafield for an owner type.',
    args: { input: t.arg({ type: MetafieldDefinitionCreateInput, required: true }) },
    resolve: (_root, args, { ctx }) => asMutationPayload(() => createMetafieldDefinition(ctx, parseInput(metafieldDefinitionInput, args.input)), inputField),
  }),
  metaobjectDefinitionCreate: t.field({
    type: MetaobjectDefinitionCreatePayload,
    ...merchantScope('merchant-metaobjects-create'),
    description: 'POST /metaobject-definitions: a metaobject type and its fields.',
    args: { input: t.arg({ type: MetaobjectDefinitionCreateInput, required: true }) },
    resolve: (_root, args, { ctx }) => asMutationPayload(() => createMetaobjectDefinition(ctx, parseInput(metaobjectDefinitionInput, args.input)), inputField),
  }),
  metaobjectCreate: t.field({
    type: MetaobjectCreatePayload,
    ...merchantScope('merchant-metaobjects-create'),
    description: 'POST /metaobjects: an entry of a metaobject type, its values checked against the definition.',
    args: { input: t.arg({ type: MetaobjectCreateInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(async () => {
        const { entry, definition } = await createMetaobject(ctx, parseInput(metaobjectInput, args.input));
        return { ...entry, definition, locale: null };
      }, inputField),
  }),
}));
