import { z } from 'zod';
import { promotionSchema } from '../promotions/schemas.js';
import { promotionProductLimits, promotionSortNames, type PromotionProductsInput } from '../../../domain/discounts/promotion-products.js';
import { enumParam, integerParam } from '../../../platform/validation/wire-params.js';
import { uuid } from '../../kit/common-schemas.js';
import { listAnswer } from '../../kit/envelope.js';
import { attributesOf, shopperFilterFields } from '../collections/shopper-filters.js';
import { productCard } from '../products/schemas.js';

const { maxPageSize, defaultPageSize } = promotionProductLimits;

export const promotionParams = z.object({ promotion: z.string().meta({ description: 'The uuid or integer id of a live promotion.' }) });

export const promotionProductsQuery = z
  .looseObject({
    ...shopperFilterFields,
    sort: enumParam(promotionSortNames).meta({
      description:
        "newest (default), price_low, price_high (on the card's discount_price, after automatic discounts), popular, in_stock (in-stock first, then newest).",
    }),
    page: integerParam(1, Number.MAX_SAFE_INTEGER).meta({ description: 'Page number from 1; past 50: page_too_deep.' }),
    per_page: integerParam(1, maxPageSize).meta({ description: `Page size, default ${defaultPageSize}.` }),
    limit: integerParam(1, maxPageSize).meta({ description: 'Alias of per_page.' }),
    starting_after: z.unknown().optional().meta({ description: 'Not taken: this list walks by page (422 cursor_unsupported_for_sort).' }),
  })
  .transform((q): Omit<PromotionProductsInput, 'promotion'> & { cursorSent: boolean } => ({
    page: q.page ?? 1,
    size: q.per_page ?? q.limit ?? defaultPageSize,
    sort: q.sort ?? 'newest',
    keyword: q.keyword,
    inStock: q.in_stock,
    attributes: attributesOf(q),
    locale: q.locale,
    cursorSent: q.starting_after !== undefined,
  }));

const facet = z
  .strictObject({
    name: z.string(),
    slug: z.string(),
    type: z.literal('option').meta({ description: 'option: a product option (variants).' }),
    values: z.array(
      z.strictObject({
        value: z.string(),
        slug: z.string(),
        count: z.int().meta({ description: 'Products the list shows when this value is selected (other attributes applied, its own replaced).' }),
        selected: z.boolean(),
        color_code: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'AttributeFacet' });

export const promotionProductsAnswer = listAnswer(productCard, {
  meta: z.strictObject({ promotion: promotionSchema, filters: z.strictObject({ attributes: z.array(facet) }) }),
});
