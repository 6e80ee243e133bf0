import type { Ctx } from '../context.js';
import { postTranslatableKeys } from '../content/post-text.js';
import type { FetchArgs } from '../pagination/keyset-page.js';
import { metaobjectSource, productMetafieldSource, type MetaobjectWithDefinition, type MetafieldDefinitionKey } from './custom-data-sources.js';
import { variantSource, type VariantWithOptions } from './variant-source.js';

/** A resource's translatable text by key: only keys whose source is non-empty text are offered. */
export type SourceFields = Record<string, string>;

/**
 * How one resource type is translated: which rows it has (each read through the store-scoped
 * client, so another store's resource is never found) and the source text of each by key. The
 * keys are the ones the storefront reads replace (product-view.ts, collection-tree.ts,
 * post-text.ts, localized-metaobject.ts, localized-variants.ts, localized-metafields.ts).
 */
interface TranslatableType<Row extends { id: string }> {
  description: string;
  /** The rows that can be translated; a deleted product (kept for its ids) is not. */
  where?: Record<string, unknown>;
  fetch(ctx: Ctx, args: Partial<FetchArgs>): Promise<Row[]>;
  /** The sources of a page of rows; what a page shares (definitions) is read once. */
  sources(ctx: Ctx, rows: Row[]): Promise<SourceFields[]>;
}

/** Keeps the non-empty text values. */
export function textFields(values: Record<string, unknown>): SourceFields {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

const each =
  <Row>(read: (row: Row) => Record<string, unknown>) =>
  async (_ctx: Ctx, rows: Row[]) =>
    rows.map((row) => textFields(read(row)));

const product: TranslatableType<{ id: string; title: string; excerpt: string | null; description: string | null }> = {
  description: 'A product: title, excerpt, description.',
  where: { deletedAt: null },
  fetch: (ctx, args) => ctx.db.product.findMany(args),
  sources: each((p) => ({ title: p.title, excerpt: p.excerpt, description: p.description })),
};

const variant: TranslatableType<VariantWithOptions> = {
  description: "A variant: title, and option1_name, option1_value, … for each of its product's options in their order.",
  where: { product: { deletedAt: null } },
  fetch: (ctx, args) => ctx.db.variant.findMany({ ...args, include: { product: { select: { options: true } } } }),
  sources: each(variantSource),
};

const collection: TranslatableType<{ id: string; name: string; description: string | null }> = {
  description: 'A collection: name, description.',
  fetch: (ctx, args) => ctx.db.collection.findMany(args),
  sources: each((c) => ({ name: c.name, description: c.description })),
};

const category: TranslatableType<{ id: string; name: string }> = {
  description: 'A category: name.',
  fetch: (ctx, args) => ctx.db.category.findMany(args),
  sources: each((c) => ({ name: c.name })),
};

const post: TranslatableType<{ id: string; title: string; excerpt: string | null; markdown: string; seoTitle: string | null; seoDescription: string | null }> =
  {
    description: `A post: ${postTranslatableKeys.join(', ')}.`,
    fetch: (ctx, args) => ctx.db.post.findMany(args),
    sources: each((p) => ({ title: p.title, excerpt: p.excerpt, markdown: p.markdown, seo_title: p.seoTitle, seo_description: p.seoDescription })),
  };

const metaobject: TranslatableType<MetaobjectWithDefinition> = {
  description: "A metaobject entry: its definition's text fields, by field key.",
  fetch: (ctx, args) => ctx.db.metaobject.findMany({ ...args, include: { definition: { select: { fields: true } } } }),
  sources: each(metaobjectSource),
};

const productMetafields: TranslatableType<{ id: string; metafields: unknown }> = {
  description: "A product's storefront-visible text metafields, by namespace.key; the id is the product's.",
  where: { deletedAt: null },
  fetch: (ctx, args) => ctx.db.product.findMany({ ...args, select: { id: true, metafields: true } }),
  sources: async (ctx, rows) => {
    const definitions: MetafieldDefinitionKey[] = await ctx.db.metafieldDefinition.findMany({
      where: { ownerType: 'product', storefrontVisible: true, type: 'text' },
      select: { namespace: true, key: true },
    });
    return rows.map((row) => textFields(productMetafieldSource(row.metafields, definitions)));
  },
};

/** Every translatable resource type by its wire name. */
export const translatableTypes = {
  product,
  variant,
  collection,
  category,
  post,
  metaobject,
  product_metafields: productMetafields,
} as const;

export type TranslatableTypeName = keyof typeof translatableTypes;
export const translatableTypeNames = Object.keys(translatableTypes) as TranslatableTypeName[];

/** The type's reader, loosened to the shape every type shares. */
export function translatableType(name: TranslatableTypeName): TranslatableType<{ id: string }> {
  return translatableTypes[name] as unknown as TranslatableType<{ id: string }>;
}
