import type { Coupon as CouponRow, Discount as DiscountRow } from '../../generated/prisma/client.js';
import { couponCreateInput } from '../../domain/discounts/coupon-fields.js';
import { createCoupon } from '../../domain/discounts/create-coupon.js';
import { createDiscount } from '../../domain/discounts/create-discount.js';
import { discountCreateInput } from '../../domain/discounts/discount-fields.js';
import { setDiscountPublished } from '../../domain/discounts/publish-discount.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { CouponCreateInput, DiscountCreateInput, withIsoDates } from './inputs.js';
import { Coupon, Discount } from './types.js';

const DiscountPayload = (name: string) =>
  builder.objectRef<{ discount: DiscountRow | null; userErrors: UserErrorShape[] }>(name).implement({
    fields: (t) => ({
      discount: t.field({ type: Discount, nullable: true, resolve: (p) => p.discount }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const DiscountCreatePayload = DiscountPayload('DiscountCreatePayload');
const DiscountPublishPayload = DiscountPayload('DiscountPublishPayload');
const DiscountUnpublishPayload = DiscountPayload('DiscountUnpublishPayload');

const CouponCreatePayload = builder.objectRef<{ coupon: CouponRow | null; userErrors: UserErrorShape[] }>('CouponCreatePayload').implement({
  fields: (t) => ({
    coupon: t.field({ type: Coupon, nullable: true, resolve: (p) => p.coupon }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const discountIdArg = { required: true, description: 'The uuid or the integer id of a discount of this store.' } as const;

builder.mutationFields((t) => ({
  discountCreate: t.field({
    type: DiscountCreatePayload,
    ...merchantScope('merchant-discounts-create'),
    description: 'POST /discounts: a discount or a promotion, in one transaction.',
    args: { input: t.arg({ type: DiscountCreateInput, required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => createDiscount(ctx, parseInput(discountCreateInput, withIsoDates(args.input))), inputField);
      return { discount: result, userErrors };
    },
  }),
  discountPublish: t.field({
    type: DiscountPublishPayload,
    ...merchantScope('merchant-discounts-update'),
    description: 'POST /discounts/{discount}/publish: one already published keeps its first publishedAt.',
    args: { id: t.arg.string(discountIdArg) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => setDiscountPublished(ctx, args.id, true));
      return { discount: result, userErrors };
    },
  }),
  discountUnpublish: t.field({
    type: DiscountUnpublishPayload,
    ...merchantScope('merchant-discounts-update'),
    description: 'POST /discounts/{discount}/unpublish: publishedAt becomes null.',
    args: { id: t.arg.string(discountIdArg) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => setDiscountPublished(ctx, args.id, false));
      return { discount: result, userErrors };
    },
  }),
  couponCreate: t.field({
    type: CouponCreatePayload,
    ...merchantScope('merchant-coupons-create'),
    description: 'POST /coupons: codes are unique in the store whatever their case (a taken one is a conflict on input.code).',
    args: { input: t.arg({ type: CouponCreateInput, required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => createCoupon(ctx, parseInput(couponCreateInput, withIsoDates(args.input))), inputField);
      return { coupon: result, userErrors };
    },
  }),
}));
