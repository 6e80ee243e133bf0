import { scope } from '../../../auth/requirements.js';
import { findMerchantCustomer } from '../../../domain/customers/merchant/find-customer.js';
import { customerDocument } from '../../../domain/customers/document.js';
import { listMerchantCustomers } from '../../../domain/customers/merchant/list-customers.js';
import { listFollowers } from '../../../domain/customers/merchant/list-followers.js';
import { listWishlistItems } from '../../../domain/customers/merchant/list-wishlist-items.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentFollower, presentWishlistItem } from './presenters.js';
import {
  customerAnswer,
  customerListAnswer,
  customerListQuery,
  customerParams,
  followerListAnswer,
  followerListQuery,
  wishlistAnswer,
  wishlistQuery,
} from './schemas.js';

const pageOf = (page: { hasNextPage: boolean; nextCursor: string | null }) => page;

export const customerRoutes = [
  defineRoute({
    method: 'GET',
    url: '/customers',
    operationId: 'listMerchantCustomers',
    tag: 'Customers',
    summary: "The store's customers, filtered and sorted; contact masked without merchant-customers-contact-read",
    description:
      'Searching or filtering by email or phone, and sorting by them, need merchant-customers-contact-read (403 insufficient_scope naming it otherwise).',
    auth: scope('merchant-customers-read'),
    query: customerListQuery,
    answer: customerListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listMerchantCustomers(ctx, query);
      return { body: list('Customers', page.customers.map(customerDocument), page) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/customers/followers',
    operationId: 'listMerchantFollowers',
    tag: 'Customers',
    summary: "The store's followers, newest first; contact only when shared or a customer, masked without merchant-customers-contact-read",
    auth: scope('merchant-customers-read'),
    query: followerListQuery,
    answer: followerListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listFollowers(ctx, query);
      return { body: list('Followers', page.followers.map(presentFollower), page) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/customers/:customer',
    operationId: 'getMerchantCustomer',
    tag: 'Customers',
    summary: 'One customer of the store; contact masked without merchant-customers-contact-read',
    auth: scope('merchant-customers-detail'),
    params: customerParams,
    answer: customerAnswer,
    handle: async (ctx, { params }) => ({ body: single('Customer', customerDocument(await findMerchantCustomer(ctx, params.customer))) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/customers/:customer/wishlist-items',
    operationId: 'listMerchantCustomerWishlist',
    tag: 'Customers',
    summary: "A customer's saved products, newest first, each with the price the shopper saw when saving it",
    auth: scope('merchant-customers-detail'),
    params: customerParams,
    query: wishlistQuery,
    answer: wishlistAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { params, query }) => {
      const page = await listWishlistItems(ctx, { customer: params.customer, window: query });
      return {
        body: list(
          'Wishlist items',
          page.saved.map((saved) => presentWishlistItem(saved, ctx.store, ctx.now)),
          page,
        ),
      };
    },
  }),
];
