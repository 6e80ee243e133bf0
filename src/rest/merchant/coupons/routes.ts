import { scope } from '../../../auth/requirements.js';
import { createCoupon } from '../../../domain/discounts/create-coupon.js';
import { listCoupons } from '../../../domain/discounts/list-coupons.js';
import { list } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentCoupon } from './presenters.js';
import { couponCreateAnswer, couponCreateBody, couponListAnswer, couponListQuery } from './schemas.js';

export const couponRoutes = [
  defineRoute({
    method: 'GET',
    url: '/coupons',
    operationId: 'listMerchantCoupons',
    tag: 'Coupons',
    summary: "The store's coupons, newest first",
    auth: scope('merchant-coupons-read'),
    query: couponListQuery,
    answer: couponListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listCoupons(ctx, query);
      return {
        body: list(
          'Coupons',
          page.rows.map((c) => presentCoupon(c, ctx.now)),
          page,
        ),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/coupons',
    operationId: 'createMerchantCoupon',
    tag: 'Coupons',
    summary: 'Create a coupon; answers {success, data, message} as the spec shows',
    auth: scope('merchant-coupons-create'),
    body: couponCreateBody,
    answer: couponCreateAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const coupon = await createCoupon(ctx, body);
      return { body: { success: true, data: presentCoupon(coupon, ctx.now), message: 'Coupon created' } };
    },
  }),
];
