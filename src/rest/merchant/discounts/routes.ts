import { scope } from '../../../auth/requirements.js';
import { createDiscount } from '../../../domain/discounts/create-discount.js';
import { findDiscount } from '../../../domain/discounts/find-discount.js';
import { listDiscounts } from '../../../domain/discounts/list-discounts.js';
import { setDiscountPublished } from '../../../domain/discounts/publish-discount.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { MERCHANT_PREFIX } from '../paths.js';
import { presentDiscount, presentPublication } from './presenters.js';
import { discountAnswer, discountCreateBody, discountListAnswer, discountListQuery, discountParams, publicationAnswer } from './schemas.js';

const publicationRoute = (published: boolean) =>
  defineRoute({
    method: 'POST',
    url: `/discounts/:discount/${published ? 'publish' : 'unpublish'}`,
    operationId: published ? 'publishMerchantDiscount' : 'unpublishMerchantDiscount',
    tag: 'Discounts',
    summary: published ? 'Publish a discount; one already published keeps its first published_at' : 'Unpublish a discount; published_at becomes null',
    auth: scope('merchant-discounts-update'),
    params: discountParams,
    answer: publicationAnswer,
    handle: async (ctx, { params }) => {
      const discount = await setDiscountPublished(ctx, params.discount, published);
      return { body: single(published ? 'Discount published' : 'Discount unpublished', presentPublication(discount)) };
    },
  });

export const discountRoutes = [
  defineRoute({
    method: 'GET',
    url: '/discounts',
    operationId: 'listMerchantDiscounts',
    tag: 'Discounts',
    summary: "The store's discounts and promotions, newest first",
    auth: scope('merchant-discounts-read'),
    query: discountListQuery,
    answer: discountListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listDiscounts(ctx, query);
      return { body: list('Discounts', page.rows.map(presentDiscount), page) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/discounts',
    operationId: 'createMerchantDiscount',
    tag: 'Discounts',
    summary: 'Create a discount or a promotion',
    auth: scope('merchant-discounts-create'),
    body: discountCreateBody,
    answer: discountAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const discount = await createDiscount(ctx, body);
      return { body: single('Discount created', presentDiscount(discount)), headers: { location: `${MERCHANT_PREFIX}/discounts/${discount.id}` } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/discounts/:discount',
    operationId: 'getMerchantDiscount',
    tag: 'Discounts',
    summary: 'One discount or promotion',
    auth: scope('merchant-discounts-detail'),
    params: discountParams,
    answer: discountAnswer,
    handle: async (ctx, { params }) => ({ body: single('Discount', presentDiscount(await findDiscount(ctx, params.discount))) }),
  }),
  publicationRoute(true),
  publicationRoute(false),
];
