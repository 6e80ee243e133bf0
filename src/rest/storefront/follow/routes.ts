import { customer } from '../../../auth/requirements.js';
import { followState, followStore, unfollowStore } from '../../../domain/customers/follows/store-follow.js';
import { single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentFollowState } from './presenters.js';
import { followAnswer, followBody } from './schemas.js';

export const followRoutes = [
  defineRoute({
    method: 'GET',
    url: '/store/follow',
    operationId: 'getFollowState',
    tag: 'Follow',
    summary: 'Whether the shopper follows this store',
    auth: customer,
    designed: true,
    answer: followAnswer,
    handle: async (ctx) => ({ body: single('Follow state', presentFollowState(await followState(ctx))) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/store/follow',
    operationId: 'followStore',
    tag: 'Follow',
    summary: 'Follow this store, or change whether the follow shares the shopper’s contact',
    auth: customer,
    designed: true,
    body: followBody,
    answer: followAnswer,
    handle: async (ctx, { body }) => ({ body: single('Following', presentFollowState(await followStore(ctx, body))) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/store/follow',
    operationId: 'unfollowStore',
    tag: 'Follow',
    summary: 'Stop following this store (not following already is not an error)',
    auth: customer,
    designed: true,
    answer: followAnswer,
    handle: async (ctx) => ({ body: single('Not following', presentFollowState(await unfollowStore(ctx))) }),
  }),
];
