import { builder } from '../builder.js';

// The inputs of the product and variant mutations: the fields of their REST bodies under camelCase
// names. Every value goes through the same parsers as REST (src/domain/catalog/writes/product-fields.ts),
// so rules and messages agree; a userError names the field as `input.<path>`.

export const ProductStatus = builder.enumType('ProductStatus', {
  values: { ACTIVE: { value: 'active' as const }, DRAFT: { value: 'draft' as const }, ARCHIVED: { value: 'archived' as const } },
});

export const ProductOptionInput = builder.inputType('ProductOptionInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    values: t.stringList({ required: true }),
  }),
});

const variantFields = (required: boolean) =>
  builder.inputType(required ? 'VariantCreateInput' : 'VariantUpdateInput', {
    fields: (t) => ({
      title: t.string({ required: false, description: required ? 'Defaults to the option values, such as "Red / M".' : undefined }),
      sku: t.string({ required: false }),
      optionValues: t.field({ type: 'JSONObject', required, description: 'Every option of the product, once, with one of its values: {"Size": "M"}.' }),
      price: t.field({ type: 'Decimal', required }),
      compareAtPrice: t.field({ type: 'Decimal', required: false }),
      stock: t.int({ required: false }),
      trackInventory: t.boolean({ required: false }),
      isDigital: t.boolean({ required: false }),
      isActive: t.boolean({ required: false }),
      isBackorder: t.boolean({ required: false }),
      backorderReadyDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
      weight: t.string({ required: false, description: 'Kilograms, at most 3 decimals, such as "0.25".' }),
      position: t.int({ required: false }),
      metafields: t.field({
        type: 'JSONObject',
        required: false,
        description: required
          ? 'namespace.key to value, each key defined for variants (metafield definitions) and writable by the caller: never bazaar.*, app.{slug}.* only by that app.'
          : 'Replaces the values the caller may write (null clears them); values under namespaces the caller may not write stay.',
      }),
    }),
  });

export const VariantCreateInput = variantFields(true);
export const VariantUpdateInput = variantFields(false);

export const ProductImageInput = builder.inputType('ProductImageInput', {
  description: 'One image: a public URL the server downloads into the media library (never hot-linked), or a file of the library by its id.',
  fields: (t) => ({
    url: t.string({ required: false }),
    mediaId: t.int({ required: false, description: 'The integer id of a file of this store (REST GET /files).' }),
    alt: t.string({ required: false }),
  }),
});

const productFields = (create: boolean) =>
  builder.inputType(create ? 'ProductCreateInput' : 'ProductUpdateInput', {
    description: create
      ? 'A new product with its options and variants.'
      : 'A patch: fields left out keep their value, null clears a clearable field; options replaces the option list.',
    fields: (t) => ({
      title: t.string({ required: create }),
      price: t.field({ type: 'Decimal', required: false, description: create ? 'Required without variants; else the cheapest variant price.' : undefined }),
      compareAtPrice: t.field({ type: 'Decimal', required: false }),
      excerpt: t.string({ required: false }),
      description: t.string({ required: false }),
      sku: t.string({ required: false }),
      barcode: t.string({ required: false }),
      stock: t.int({ required: false, description: 'Own stock; refused while the product has an active variant.' }),
      trackInventory: t.boolean({ required: false }),
      isDigital: t.boolean({ required: false }),
      published: t.boolean({ required: false }),
      status: t.field({ type: ProductStatus, required: false }),
      categoryId: t.string({ required: false, description: 'The uuid or the integer id of a category of this store.' }),
      metadata: t.field({ type: 'JSONObject', required: false }),
      metafields: t.field({ type: 'JSONObject', required: false, description: 'namespace.key to value, each key defined for products (metafield definitions) and writable by the caller: never bazaar.*, app.{slug}.* only by that app. Replaces the values the caller may write.' }),
      options: t.field({ type: [ProductOptionInput], required: false }),
      ...(create
        ? {
            variants: t.field({ type: [VariantCreateInput], required: false }),
            imageUrl: t.string({ required: false, description: 'The main image, downloaded into the media library.' }),
            images: t.field({ type: [ProductImageInput], required: false, description: 'More images; the first is the main one when no imageUrl is sent.' }),
          }
        : {}),
    }),
  });

export const ProductCreateInput = productFields(true);
export const ProductUpdateInput = productFields(false);

export const ProductsPublishInput = builder.inputType('ProductsPublishInput', {
  fields: (t) => ({
    ids: t.stringList({ required: true, description: '1 to 100 integer ids or uuids of products of this store.' }),
    published: t.boolean({ required: true }),
  }),
});
