import type { ProductOption, Variant } from '../../generated/prisma/client.js';

export type VariantWithOptions = Variant & { product: { options: ProductOption[] } };

/** The product's options in their order: option1 is the first. */
export function optionsInOrder(options: ProductOption[]): ProductOption[] {
  return [...options].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
}

/**
 * A variant's translatable text: its title, and for each option of its product (by position,
 * 1-based) the option's name and the variant's value of it. Keys are positional because option
 * names are the merchant's free text.
 */
export function variantSource(variant: VariantWithOptions): Record<string, unknown> {
  const values = (variant.optionValues ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = { title: variant.title };
  optionsInOrder(variant.product.options).forEach((option, i) => {
    fields[`option${i + 1}_name`] = option.name;
    fields[`option${i + 1}_value`] = values[option.name];
  });
  return fields;
}
