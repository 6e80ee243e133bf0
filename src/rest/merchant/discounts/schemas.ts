import { z } from 'zod';
import { discountCreateShape, discountKinds } from '../../../domain/discounts/discount-fields.js';
import { discountListLimits, type DiscountListInput } from '../../../domain/discounts/list-discounts.js';
import { discountTypes, offerLimits } from '../../../domain/discounts/offer-fields.js';
import { cursorParam, enumParam, integerParam, textParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, moneyString, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

export const discountListQuery = z
  .looseObject({
    limit: integerParam(1, discountListLimits.maxPageSize).meta({ description: `Page size, default ${discountListLimits.defaultPageSize}.` }),
    starting_after: cursorParam,
    type: enumParam(discountTypes),
    status: enumParam(['active', 'inactive']).meta({ description: 'active or inactive: the is_active flag.' }),
    search: textParam(discountListLimits.maxSearchLength).meta({
      description: 'Part of the title (any case; % and _ are plain characters) or a whole reference such as D-000123.',
    }),
    kind: enumParam(['all', ...discountKinds]).meta({ description: 'all (default), discount or promotion.' }),
  })
  .transform((q): DiscountListInput => ({
    window: { size: q.limit ?? discountListLimits.defaultPageSize, after: q.starting_after },
    filter: { type: q.type, status: q.status, search: q.search, kind: q.kind ?? 'all' },
  }));

export const discountParams = z.object({ discount: z.string().meta({ description: 'The uuid or the integer id of a discount of this store.' }) });

export const discountCreateBody = wireObject(discountCreateShape).meta({
  description: `title, type and value are required. value: a percentage above 0 and at most 100, or a fixed amount above 0, at most 2 decimals. product_ids and category_ids: up to ${offerLimits.targetsPerList} uuids or integer ids of this store's products and categories (none: every product). valid_until must be after valid_from. is_published true publishes at once. image_url is downloaded into the store files. kind: discount (default) or promotion; priority 0-${offerLimits.maxPriority}, higher first.`,
});

const money = moneyString.nullable();
const instant = isoTimestamp.nullable();

export const merchantDiscount = z
  .strictObject({
    id: uuid,
    reference: z.string().meta({ description: 'Human reference from the integer id, such as D-000123.' }),
    kind: z.enum(discountKinds).meta({ description: 'discount, or promotion: a shopper-facing discount with a title, image, priority and validity window.' }),
    title: z.string(),
    description: z.string().nullable(),
    type: z.enum(discountTypes),
    value: moneyString,
    product_ids: z.array(uuid),
    category_ids: z.array(uuid),
    minimum_order_amount: money,
    minimum_quantity: z.int().nullable(),
    capped_amount: money,
    capped_amount_per_user: money,
    max_usage_total: z.int().nullable(),
    max_usage_per_user: z.int().nullable(),
    usage_count: z.int(),
    auto_apply: z.boolean(),
    status: z.enum(['active', 'inactive']),
    is_active: z.boolean(),
    is_published: z.boolean(),
    priority: z.int(),
    image_url: z.string().nullable(),
    valid_from: instant,
    valid_until: instant,
    published_at: instant,
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  })
  .meta({ id: 'MerchantDiscount', description: 'A discount or a promotion of the store.' });

export const discountAnswer = singleAnswer(merchantDiscount);
export const discountListAnswer = listAnswer(merchantDiscount);
export const publicationAnswer = singleAnswer(z.strictObject({ is_published: z.boolean(), published_at: instant }));
