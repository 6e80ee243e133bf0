import type { Discount as DiscountRow } from '../../generated/prisma/client.js';
import { findPromotion } from '../../domain/discounts/find-promotion.js';
import { listPromotions, promotionListLimits, promotionSortNames } from '../../domain/discounts/list-promotions.js';
import { storeDiscounts } from '../../domain/discounts/store-discounts.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder, catalogueCacheField, storeKeyField } from '../builder.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { Shop } from '../store/types.js';
import { Promotion, ShopDiscount } from './types.js';

const PromotionSort = builder.enumType('PromotionSort', {
  description: 'PRIORITY: highest first; ENDING_SOON: soonest validUntil first, open-ended last; NEWEST: created last first.',
  values: Object.fromEntries(promotionSortNames.map((name) => [name.toUpperCase(), { value: name }])) as Record<
    string,
    { value: (typeof promotionSortNames)[number] }
  >,
});

function keywordOf(keyword: string | null | undefined): string | undefined {
  const text = keyword?.trim();
  if (text && text.length > promotionListLimits.maxKeywordLength) {
    throw ApiError.invalidField('keyword', `must be at most ${promotionListLimits.maxKeywordLength} characters`);
  }
  return text || undefined;
}

builder.queryFields((t) => ({
  promotions: t.connection({
    type: Promotion,
    ...storeKeyField,
    ...catalogueCacheField,
    description: 'The live promotions (REST GET /store/promotions); the cursors are REST next_cursor.',
    args: {
      keyword: t.arg.string({ required: false, description: 'Case-insensitive match on the title; up to 100 characters.' }),
      sort: t.arg({ type: PromotionSort, required: false, defaultValue: 'priority' }),
    },
    resolve: async (_root, args, { ctx }) => {
      const window = windowOf(args, promotionListLimits.maxPageSize, promotionListLimits.defaultPageSize);
      const page = await listPromotions(ctx, { window, keyword: keywordOf(args.keyword), sort: args.sort ?? 'priority' });
      return connectionOf<DiscountRow>(page);
    },
  }),
  promotion: t.field({
    type: Promotion,
    ...storeKeyField,
    ...catalogueCacheField,
    nullable: true,
    description: 'A published promotion by uuid or integer id, live or ended (see isLive); null when there is none.',
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, args, { ctx }) =>
      findPromotion(ctx, args.id).catch((error) => {
        if (error?.code === 'not_found') return null;
        throw error;
      }),
  }),
}));

builder.objectFields(Shop, (t) => ({
  discounts: t.field({
    type: [ShopDiscount],
    description: 'Live promotions and automatic discounts, highest priority first (REST store info discounts).',
    resolve: (_s, _a, { ctx }) => storeDiscounts(ctx),
  }),
}));
