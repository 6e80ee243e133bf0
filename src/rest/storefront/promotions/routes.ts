import { storeKey } from '../../../auth/requirements.js';
import { listPromotions } from '../../../domain/discounts/list-promotions.js';
import { list } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentPromotion } from './presenters.js';
import { promotionListAnswer, promotionListQuery } from './schemas.js';

export const promotionRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/promotions',
    operationId: 'listPromotions',
    tag: 'Catalogue',
    summary: "The store's live promotions",
    description: 'Promotions that are active, published and inside their validity window at the time of the request.',
    auth: storeKey,
    cache: 'catalogue',
    query: promotionListQuery,
    answer: promotionListAnswer,
    wireNames: { size: 'per_page', after: 'starting_after' },
    handle: async (ctx, { query }) => {
      const page = await listPromotions(ctx, query);
      return {
        body: list(
          'Promotions',
          page.rows.map((p) => presentPromotion(p, ctx.now)),
          page,
        ),
      };
    },
  }),
];
