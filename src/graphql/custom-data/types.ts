import type { MetafieldDefinition } from '../../generated/prisma/client.js';
import { displayNameOf, type MetaobjectDefinitionRow } from '../../domain/custom-data/find-metaobject-definition.js';
import type { MetaobjectEntry } from '../../domain/custom-data/list-custom-data.js';
import { localizedMetaobjectFields } from '../../domain/custom-data/localized-metaobject.js';
import type { MetaobjectField } from '../../domain/custom-data/metaobject-definition-fields.js';
import type { MetafieldValue } from '../../domain/custom-data/read-metafields.js';
import type { ResolvedLocale } from '../../domain/locale/resolve-locale.js';
import { builder } from '../builder.js';
import type { GraphqlContext } from '../graphql-context.js';

// The GraphQL face of custom data: metafield values on their owners, metafield and metaobject
// definitions, and metaobject entries (the same shapes REST answers, under camelCase names).

export const Metafield = builder.objectRef<MetafieldValue>('Metafield').implement({
  description: 'A typed value an owner carries under namespace.key, as its definition types it.',
  fields: (t) => ({
    namespace: t.exposeString('namespace'),
    key: t.exposeString('key'),
    type: t.exposeString('type', {
      description: "The definition's type: text, number, boolean, date, url, json, money, metaobject_reference, product_reference or list.{type}.",
    }),
    value: t.field({ type: 'JSON', description: 'The value as stored, of the JSON kind its type names.', resolve: (m) => m.value }),
  }),
});

export const MetafieldIdentifierInput = builder.inputType('MetafieldIdentifierInput', {
  fields: (t) => ({ namespace: t.string({ required: true }), key: t.string({ required: true }) }),
});

const Validation = builder.objectRef<{ name: string; value: unknown }>('MetafieldValidation').implement({
  description: 'A rule a value must pass, {name, value}.',
  fields: (t) => ({ name: t.exposeString('name'), value: t.field({ type: 'JSON', resolve: (v) => v.value }) }),
});

export const MetafieldDefinitionRef = builder.objectRef<MetafieldDefinition>('MetafieldDefinition').implement({
  description: 'A typed metafield an owner type may carry under namespace.key (REST GET /metafield-definitions).',
  fields: (t) => ({
    uuid: t.expose('id', { type: 'UUID' }),
    ownerType: t.exposeString('ownerType', { description: 'product, variant, collection, customer or order.' }),
    namespace: t.exposeString('namespace'),
    key: t.exposeString('key'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    type: t.exposeString('type'),
    validations: t.field({ type: [Validation], resolve: (d) => d.validations as unknown as { name: string; value: unknown }[] }),
    storefrontVisible: t.exposeBoolean('storefrontVisible'),
    installationId: t.exposeInt('installationId', { nullable: true, description: 'The installation that defined it; null when the merchant did.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const MetaobjectFieldDefinition = builder.objectRef<MetaobjectField>('MetaobjectFieldDefinition').implement({
  fields: (t) => ({
    key: t.exposeString('key'),
    name: t.exposeString('name'),
    type: t.exposeString('type'),
    required: t.exposeBoolean('required'),
    validations: t.field({ type: [Validation], resolve: (f) => f.validations }),
  }),
});

export const MetaobjectDefinitionRef = builder.objectRef<MetaobjectDefinitionRow>('MetaobjectDefinition').implement({
  description: 'A record type: its fields and how its entries are named and shown (REST GET /metaobject-definitions).',
  fields: (t) => ({
    uuid: t.expose('id', { type: 'UUID' }),
    type: t.exposeString('type'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    displayField: t.exposeString('displayField', { nullable: true }),
    storefrontVisible: t.exposeBoolean('storefrontVisible'),
    fields: t.field({ type: [MetaobjectFieldDefinition], resolve: (d) => d.fields }),
    installationId: t.exposeInt('installationId', { nullable: true, description: 'The installation that defined it; null when the merchant did.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

/** An entry with the locale a shopper read it in; the merchant's reads carry none (stored values). */
export type ReadMetaobject = MetaobjectEntry & { locale: ResolvedLocale | null };

async function fieldsOf(entry: ReadMetaobject, { ctx }: GraphqlContext): Promise<Record<string, unknown>> {
  return entry.locale ? localizedMetaobjectFields(ctx, entry, entry.locale) : (entry.fields as Record<string, unknown>);
}

export const MetaobjectRef = builder.objectRef<ReadMetaobject>('Metaobject').implement({
  description: 'An entry of a metaobject type (REST GET /metaobjects, storefront GET /v1/store/metaobjects/{type}/{handle}).',
  fields: (t) => ({
    uuid: t.expose('id', { type: 'UUID' }),
    type: t.string({ resolve: (e) => e.definition.type }),
    handle: t.exposeString('handle'),
    displayName: t.string({
      description: "The display field's value when it is text or a number, else the handle; in the shopper's locale.",
      resolve: async (e, _a, c) => displayNameOf({ handle: e.handle, fields: await fieldsOf(e, c) }, e.definition),
    }),
    fields: t.field({
      type: 'JSONObject',
      description: "Field key to value. A shopper's locale translates text fields that have a translation; the rest read as stored.",
      resolve: (e, _a, c) => fieldsOf(e, c),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});
