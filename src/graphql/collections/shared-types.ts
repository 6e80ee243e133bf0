import type { Facet as FacetShape } from '../../domain/catalog/facets/option-index.js';
import { attributeLimits } from '../../domain/catalog/facets/attribute-selection.js';
import { collectionSortNames } from '../../domain/collections/collection-products.js';
import { promotionSortNames } from '../../domain/discounts/promotion-products.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder } from '../builder.js';

export const FacetValue = builder.objectRef<FacetShape['values'][number]>('FacetValue').implement({
  fields: (t) => ({
    value: t.exposeString('value'),
    slug: t.exposeString('slug'),
    count: t.exposeInt('count', { description: 'Products the list shows when this value is selected (other attributes applied, its own replaced).' }),
    selected: t.exposeBoolean('selected'),
    colorCode: t.exposeString('colorCode', { nullable: true }),
  }),
});

export const Facet = builder.objectRef<FacetShape>('Facet').implement({
  description: 'A product option the listed products have, with a count per value.',
  fields: (t) => ({
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    type: t.exposeString('type', { description: 'option: a product option.' }),
    values: t.field({ type: [FacetValue], resolve: (f) => f.values }),
  }),
});

export const ShopperProductFilter = builder.inputType('ShopperProductFilter', {
  fields: (t) => ({
    keyword: t.string({ required: false, description: 'Case-insensitive match on the title; up to 100 characters.' }),
    inStock: t.boolean({ required: false }),
    attributes: t.stringList({
      required: false,
      description: 'name:value entries (slugs or text): values of one attribute are alternatives, different attributes must all match.',
    }),
  }),
});

export const CollectionProductSort = builder.enumType('CollectionProductSort', {
  values: Object.fromEntries(collectionSortNames.map((n) => [n.toUpperCase(), { value: n }])) as Record<
    string,
    { value: (typeof collectionSortNames)[number] }
  >,
});

export const PromotionProductSort = builder.enumType('PromotionProductSort', {
  values: Object.fromEntries(promotionSortNames.map((n) => [n.toUpperCase(), { value: n }])) as Record<string, { value: (typeof promotionSortNames)[number] }>,
});

/** The filter as the domain takes it, its bounds checked and failures named by argument path. */
export function filterOf(filter: { keyword?: string | null; inStock?: boolean | null; attributes?: string[] | null } | null | undefined) {
  const keyword = filter?.keyword?.trim() || undefined;
  if (keyword && keyword.length > 100) throw ApiError.invalidField('filter.keyword', 'must be at most 100 characters');
  if ((filter?.attributes?.length ?? 0) > attributeLimits.maxEntries) {
    throw ApiError.invalidField('filter.attributes', `must hold at most ${attributeLimits.maxEntries} entries`);
  }
  return { keyword, inStock: filter?.inStock ?? undefined, attributes: filter?.attributes ?? undefined };
}
