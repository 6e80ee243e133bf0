import type { Prisma } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../context.js';
import { containsText } from '../../text-match.js';
import { shopperVisible } from '../visibility.js';
import { canonicalSelection, parseAttributes, type AttributeSelection } from './attribute-selection.js';
import { attributeWhere, facetsOf, loadOptionIndex, type Facet } from './option-index.js';

/** The filters collection and promotion product lists share. */
export interface ShopperProductFilter {
  /** Case-insensitive title match; `%` and `_` are plain characters. */
  keyword?: string;
  inStock?: boolean;
  /** `name:value` entries (attribute-selection.ts). */
  attributes?: string[];
}

export interface FilteredProducts {
  where: Prisma.ProductWhereInput;
  selection: AttributeSelection;
  /** What a cursor binds: the filters in a canonical form. */
  binding: Record<string, unknown>;
  facets: Facet[] | null;
}

/**
 * The shopper-visible products of `scope` (a collection's members, a promotion's targets) that pass
 * the filters, as one condition. The option index (one statement) is read only when the attribute
 * filter or the facets need it; facets are computed from the same index the filter resolved its
 * values from, before that filter, by the disjunctive rule.
 */
export async function filteredProducts(
  ctx: Ctx,
  scope: Prisma.ProductWhereInput,
  filter: ShopperProductFilter,
  options: { facets: boolean; attributesField: string },
): Promise<FilteredProducts> {
  const base: Prisma.ProductWhereInput = {
    AND: [
      shopperVisible(ctx),
      scope,
      ...(filter.keyword ? [{ title: containsText(filter.keyword) }] : []),
      ...(filter.inStock !== undefined ? [{ inStock: filter.inStock }] : []),
    ],
  };
  const selection = parseAttributes(filter.attributes, options.attributesField);
  const index = options.facets || selection.size ? await loadOptionIndex(ctx, base) : null;
  return {
    where: index && selection.size ? { AND: [base, attributeWhere(index, selection)] } : base,
    selection,
    binding: { keyword: filter.keyword?.toLowerCase(), in_stock: filter.inStock, attributes: canonicalSelection(selection) },
    facets: options.facets && index ? facetsOf(index, selection) : null,
  };
}
