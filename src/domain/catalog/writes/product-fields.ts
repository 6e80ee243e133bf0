import { z } from 'zod';
import {
  calendarDay,
  clearable,
  requiredOr,
  flexBoolean,
  jsonObject,
  nullableText,
  requiredText,
  wholeNumber,
} from '../../../platform/validation/body-fields.js';
import { moneyInput } from '../../../platform/validation/money.js';
import { metafieldsInput } from './metafields.js';
import { imageItem, imageListOf, imageUrlInput } from './product-image-fields.js';

// The fields of the product and variant writes, named as the domain names them (camelCase). Both
// faces parse through these same parsers: REST under snake_case wire names (src/rest/kit/wire-object.ts),
// GraphQL under these names, so a rule and its message are the same everywhere.

export const writeLimits = { variantsPerRequest: 100, options: 10, valuesPerOption: 100, maxStock: 1_000_000_000 } as const;

/** A product's own stock counts only while no variant is active; then stock is the variants'. */
export const ownStockWithVariants = "belongs to the variants while the product has an active variant: set the variants' stock";

const stock = wholeNumber(0, writeLimits.maxStock);
const categoryRef = z.union([z.string(), z.int()], { error: 'must be the uuid or the integer id of a category of this store' }).transform((v) => String(v));

/** A weight in kilograms: at most 3 decimals, as DECIMAL(10,3) stores it. */
const weight = z.union([z.number(), z.string()], { error: 'must be a number such as 0.25' }).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.trim();
  if (!/^\d{1,7}(?:\.\d{1,3})?$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: 'must be a number from 0 to 9999999.999 with at most 3 decimals' });
    return z.NEVER;
  }
  return text;
});

const optionValue = requiredText(100);

export const productOptionInput = z.strictObject({
  name: requiredText(64),
  values: z
    .array(optionValue, { error: 'must be a list of values' })
    .min(1, { error: 'must list at least one value' })
    .max(writeLimits.valuesPerOption, { error: `must list at most ${writeLimits.valuesPerOption} values` })
    .refine((values) => new Set(values).size === values.length, { error: 'must not repeat a value' }),
});

export const productOptionsInput = z
  .array(productOptionInput, { error: 'must be a list of {name, values}' })
  .max(writeLimits.options, { error: `must list at most ${writeLimits.options} options` })
  .refine((options) => new Set(options.map((o) => o.name.toLowerCase())).size === options.length, {
    error: 'must not name an option twice',
  });

export type ProductOptionInput = z.output<typeof productOptionInput>;

/** The product's own fields (not its options and variants), each optional; `title` is required on create. */
export const productFieldShape = {
  title: requiredText(255),
  price: moneyInput,
  compareAtPrice: clearable(moneyInput),
  excerpt: nullableText(1000),
  description: nullableText(100_000),
  sku: nullableText(100),
  barcode: nullableText(100),
  stock,
  trackInventory: flexBoolean,
  isDigital: flexBoolean,
  published: flexBoolean,
  status: z.enum(['active', 'draft', 'archived'], { error: 'must be active, draft or archived' }),
  categoryId: clearable(categoryRef),
  metadata: clearable(jsonObject({ maxKeys: 100, maxBytes: 16_384 })),
  metafields: clearable(metafieldsInput),
};

export const variantFieldShape = {
  title: requiredText(255),
  sku: nullableText(100),
  optionValues: z.record(z.string(), z.string({ error: 'option values must be text' }), { error: requiredOr('must be a map of option name to value') }),
  price: moneyInput,
  compareAtPrice: clearable(moneyInput),
  stock,
  trackInventory: flexBoolean,
  isDigital: flexBoolean,
  isActive: flexBoolean,
  isBackorder: flexBoolean,
  backorderReadyDate: clearable(calendarDay),
  weight: clearable(weight),
  position: wholeNumber(0, 1_000_000),
  metafields: clearable(metafieldsInput),
};

type Shape = Record<string, z.ZodType>;

/** Every field of a shape optional, except the ones named. */
export function optionalExcept<S extends Shape, K extends keyof S & string>(shape: S, required: readonly K[]) {
  return Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, required.includes(name as K) ? schema : schema.optional()])) as {
    [N in keyof S]: N extends K ? S[N] : z.ZodOptional<S[N]>;
  };
}

/** A variant to create: `optionValues` and `price` required, the rest defaulted. */
export const variantCreateShape = optionalExcept(variantFieldShape, ['optionValues', 'price']);
/** A variant change: only the fields sent change. */
export const variantUpdateShape = optionalExcept(variantFieldShape, []);

/** The variants of a create, each in the form its face sends (REST wires them under snake_case names). */
export function variantListOf<S extends z.ZodType>(variant: S) {
  return z
    .array(variant, { error: 'must be a list of variants' })
    .max(writeLimits.variantsPerRequest, { error: `must list at most ${writeLimits.variantsPerRequest} variants` });
}

export const productCreateShape = {
  ...optionalExcept(productFieldShape, ['title']),
  options: productOptionsInput.optional(),
  variants: variantListOf(z.strictObject(variantCreateShape)).optional(),
  /** The main image, downloaded into the store's media library. */
  imageUrl: imageUrlInput.optional(),
  /** Gallery images after it (the first is the main image when no imageUrl is sent). */
  images: imageListOf(imageItem('mediaId')).optional(),
};

/** A product change (a patch): the fields sent change, `null` clears a clearable one; `options` replaces the option list. */
export const productUpdateShape = { ...optionalExcept(productFieldShape, []), options: productOptionsInput.optional() };

export const atLeastOneField = (body: object) => Object.values(body).some((v) => v !== undefined);

export const productCreateInput = z.strictObject(productCreateShape);
export const nothingToChange = { error: 'send at least one field to change' } as const;

export const productUpdateInput = z.strictObject(productUpdateShape).refine(atLeastOneField, nothingToChange);
export const variantCreateInput = z.strictObject(variantCreateShape);
export const variantUpdateInput = z.strictObject(variantUpdateShape).refine(atLeastOneField, nothingToChange);

export type ProductCreateInput = z.output<typeof productCreateInput>;
export type ProductUpdateInput = z.output<typeof productUpdateInput>;
export type VariantCreateInput = z.output<typeof variantCreateInput>;
export type VariantUpdateInput = z.output<typeof variantUpdateInput>;

/** Bulk publish: up to 100 products by integer id or uuid, all or nothing. */
export const publishShape = {
  ids: z
    .array(
      z.union([z.string(), z.int()], { error: 'must be an integer id or a uuid' }).transform((v) => String(v)),
      {
        error: 'must be a list of product ids',
      },
    )
    .min(1, { error: 'must list at least one product' })
    .max(100, { error: 'must list at most 100 products' }),
  published: flexBoolean,
};

export const publishInput = z.strictObject(publishShape);

export type PublishInput = z.output<typeof publishInput>;
