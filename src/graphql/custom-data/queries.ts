import { findMetaobjectDefinition } from '../../domain/custom-data/find-metaobject-definition.js';
import {
  customDataListLimits,
  findMetaobject,
  listMetafieldDefinitions,
  listMetaobjectDefinitions,
  listMetaobjects,
} from '../../domain/custom-data/list-custom-data.js';
import { ownerType as ownerTypeRule } from '../../domain/custom-data/metafield-definition-fields.js';
import { resolveLocale } from '../../domain/locale/resolve-locale.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { z } from 'zod';
import { builder, catalogueCacheField, merchantScope, storeKeyField } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { MetafieldDefinitionRef, MetaobjectDefinitionRef, MetaobjectRef } from './types.js';

// Metaobject reads on both faces and the merchant's reads of definitions: the same domain reads as
// REST GET /metaobjects, /metaobject-definitions, /metafield-definitions and /v1/store/metaobjects.

const window = (args: { first?: number | null; after?: string | null; last?: number | null; before?: string | null }) =>
  windowOf(args, customDataListLimits.maxPageSize, customDataListLimits.defaultPageSize);

const localeArg = { required: false, description: 'A published locale code; anything else falls back to the primary.' } as const;

builder.queryFields((t) => ({
  metaobject: t.field({
    type: MetaobjectRef,
    ...storeKeyField,
    ...catalogueCacheField,
    nullable: true,
    description: 'An entry of a storefront-visible metaobject type by its handle; null when there is none (or its type is not storefront-visible).',
    args: { type: t.arg.string({ required: true }), handle: t.arg.string({ required: true }), locale: t.arg.string(localeArg) },
    resolve: async (_root, args, { ctx }) => {
      const [entry, locale] = await Promise.all([findMetaobject(ctx, args.type, args.handle, { shopper: true }), resolveLocale(ctx, args.locale)]);
      return entry && { ...entry, locale };
    },
  }),
  metaobjects: t.connection({
    type: MetaobjectRef,
    ...storeKeyField,
    ...catalogueCacheField,
    nullable: true,
    description: 'The entries of a storefront-visible metaobject type, oldest first; null for any other type.',
    args: { type: t.arg.string({ required: true }), locale: t.arg.string(localeArg) },
    resolve: async (_root, args, { ctx }) => {
      const [definition, locale] = await Promise.all([findMetaobjectDefinition(ctx, args.type, { shopper: true }), resolveLocale(ctx, args.locale)]);
      if (!definition) return null;
      const page = await listMetaobjects(ctx, { window: window(args), type: args.type, shopper: true });
      return connectionOf({ ...page, rows: page.rows.map((entry) => ({ ...entry, locale })), cursorOf: (row) => page.cursorOf(row) });
    },
  }),
}));

const ownerTypeArg = z.object({ ownerType: ownerTypeRule.nullish() });

builder.objectFields(Merchant, (t) => ({
  metafieldDefinitions: t.connection({
    type: MetafieldDefinitionRef,
    ...merchantScope('merchant-metafields-read'),
    description: "The store's metafield definitions, oldest first (REST GET /metafield-definitions).",
    args: {
      ownerType: t.arg.string({ required: false, description: 'Only the definitions of this owner type: product, variant, collection, customer or order.' }),
    },
    resolve: async (_m, args, { ctx }) => {
      const { ownerType } = parseInput(ownerTypeArg, { ownerType: args.ownerType });
      return connectionOf(await listMetafieldDefinitions(ctx, { window: window(args), ownerType: ownerType ?? undefined }));
    },
  }),
  metaobjectDefinitions: t.connection({
    type: MetaobjectDefinitionRef,
    ...merchantScope('merchant-metaobjects-read'),
    description: "The store's metaobject definitions, oldest first (REST GET /metaobject-definitions).",
    resolve: async (_m, args, { ctx }) => connectionOf(await listMetaobjectDefinitions(ctx, window(args))),
  }),
  metaobject: t.field({
    type: MetaobjectRef,
    nullable: true,
    ...merchantScope('merchant-metaobjects-read'),
    description: 'An entry of any metaobject type by its handle, with its stored values; null when there is none.',
    args: { type: t.arg.string({ required: true }), handle: t.arg.string({ required: true }) },
    resolve: async (_m, args, { ctx }) => {
      const entry = await findMetaobject(ctx, args.type, args.handle);
      return entry && { ...entry, locale: null };
    },
  }),
  metaobjects: t.connection({
    type: MetaobjectRef,
    ...merchantScope('merchant-metaobjects-read'),
    description: "The store's metaobject entries, oldest first, of one type when asked (REST GET /metaobjects).",
    args: { type: t.arg.string({ required: false }) },
    resolve: async (_m, args, { ctx }) => {
      const page = await listMetaobjects(ctx, { window: window(args), type: args.type ?? undefined });
      return connectionOf({ ...page, rows: page.rows.map((entry) => ({ ...entry, locale: null })), cursorOf: (row) => page.cursorOf(row) });
    },
  }),
}));
