import { z } from 'zod';
import { flexBoolean, nullableText, requiredText, wholeNumber } from '../../platform/validation/body-fields.js';
import { slugPattern } from './slug-rule.js';
import { smartRulesInput } from './rule-language.js';

// The fields of one collection in a bulk upsert, named as the domain names them (camelCase). REST
// wires them under snake_case names and GraphQL passes them as they are.

export const collectionLimits = {
  itemsPerCall: 100,
  productsPerCollection: 1000,
  /** Pin and reorder lists. */
  productsPerOrder: 1000,
} as const;

export const collectionModes = ['manual', 'smart'] as const;
export type CollectionMode = (typeof collectionModes)[number];

/** A product named by its uuid or its integer id. */
const productRef = z.union([z.string(), z.int()], { error: 'must be a uuid or an integer id' }).transform((v) => String(v));

export const productRefList = (max: number) =>
  z.array(productRef, { error: 'must be a list of uuids or integer ids' }).max(max, { error: `must list at most ${max} ids` });

export const collectionItemShape = {
  name: requiredText(255),
  slug: requiredText(120).regex(slugPattern, { error: 'must be lower-case letters, digits and single dashes' }),
  description: nullableText(5000).optional(),
  /** Downloaded into the store's media library behind the SSRF guard before the transaction. */
  imageUrl: requiredText(2048).optional(),
  featured: flexBoolean.optional(),
  /** Shown in the storefront's collection tree. */
  storefront: flexBoolean.optional(),
  position: wholeNumber(0, 1_000_000).optional(),
  /** A collection of this store by uuid; or `parentSlug`, which may name another item of the same call. Null makes it top-level. */
  parentId: z.string({ error: 'must be a uuid or null' }).nullable().optional(),
  parentSlug: requiredText(120).optional(),
  mode: z.enum(collectionModes, { error: 'must be manual or smart' }).optional(),
  /** Manual collections: the members, in the merchant's order. */
  productIds: productRefList(collectionLimits.productsPerCollection).optional(),
  /** Smart collections: the rules the database evaluates at each request. */
  rules: smartRulesInput.optional(),
};

export const collectionItemInput = z.strictObject(collectionItemShape);
export type CollectionItemInput = z.output<typeof collectionItemInput>;

export const orderInputShape = { productIds: productRefList(collectionLimits.productsPerOrder) };
