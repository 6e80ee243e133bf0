import { Prisma } from '../../../generated/prisma/client.js';
import type { VariantCreateInput } from './product-fields.js';
import { defaultVariantTitle, orderedOptionValues, type OptionList } from './variant-options.js';

/** What a new variant takes from its product when the input leaves it out. */
export interface VariantDefaults {
  position: number;
  trackInventory: boolean;
  isDigital: boolean;
}

/** The row of a new variant (without its product), its option values already checked against `options`. */
export function variantRow(input: VariantCreateInput, options: OptionList[], defaults: VariantDefaults) {
  return {
    title: input.title ?? defaultVariantTitle(options, input.optionValues),
    sku: input.sku ?? null,
    optionValues: orderedOptionValues(options, input.optionValues),
    price: input.price,
    compareAtPrice: input.compareAtPrice ?? null,
    stock: input.stock ?? 0,
    trackInventory: input.trackInventory ?? defaults.trackInventory,
    isDigital: input.isDigital ?? defaults.isDigital,
    isActive: input.isActive ?? true,
    isBackorder: input.isBackorder ?? false,
    backorderReadyDate: input.backorderReadyDate ?? null,
    weight: input.weight == null ? null : new Prisma.Decimal(input.weight),
    position: input.position ?? defaults.position,
    metafields: (input.metafields ?? {}) as object,
  };
}
