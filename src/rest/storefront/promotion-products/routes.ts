import { storeKey } from '../../../auth/requirements.js';
import { loadProductViews } from '../../../domain/catalog/product-view.js';
import { listPromotionProducts } from '../../../domain/discounts/promotion-products.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import { defineRoute } from '../../kit/route.js';
import { productCardList } from '../products/presenters.js';
import { presentPromotion } from '../promotions/presenters.js';
import { presentFacet } from './presenters.js';
import { promotionParams, promotionProductsAnswer, promotionProductsQuery } from './schemas.js';

export const promotionProductRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/promotions/:promotion/products',
    operationId: 'listPromotionProducts',
    tag: 'Catalogue',
    summary: 'The product cards a live promotion targets, by page, with attribute facets',
    description: 'Page-only: starting_after answers 422 cursor_unsupported_for_sort; next_cursor is always null.',
    auth: storeKey,
    cache: 'catalogue',
    params: promotionParams,
    query: promotionProductsQuery,
    answer: promotionProductsAnswer,
    wireNames: { size: 'per_page' },
    handle: async (ctx, { params, query }) => {
      if (query.cursorSent) {
        throw new ApiError('cursor_unsupported_for_sort', 'This list walks by page; send page instead of starting_after.');
      }
      const page = await listPromotionProducts(ctx, { ...query, promotion: params.promotion });
      const views = await loadProductViews(ctx, page.rows, page.locale);
      return {
        contentLanguage: page.locale.code,
        body: productCardList(
          ctx,
          'Promotion products',
          views,
          { hasNextPage: page.hasMore },
          { promotion: presentPromotion(page.promotion, ctx.now), filters: { attributes: page.facets.map(presentFacet) } },
        ),
      };
    },
  }),
];
