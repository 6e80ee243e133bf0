import { z } from 'zod';
import { promotionListLimits, promotionSortNames, type PromotionListInput } from '../../../domain/discounts/list-promotions.js';
import { cursorParam, enumParam, integerParam, textParam } from '../../../platform/validation/wire-params.js';
import { uuid } from '../../kit/common-schemas.js';
import { listAnswer } from '../../kit/envelope.js';

const { maxPageSize, defaultPageSize, maxKeywordLength } = promotionListLimits;

export const promotionSchema = z
  .strictObject({
    id: uuid,
    title: z.string(),
    description: z.string().nullable(),
    image_url: z.string().nullable(),
    type: z.enum(['percentage', 'fixed']),
    value: z.number().meta({ description: 'The percentage, or the amount in the store currency.' }),
    priority: z.int(),
    valid_from: z.string().nullable().meta({ description: 'ISO 8601; null: since ever.' }),
    valid_until: z.string().nullable().meta({ description: 'ISO 8601; null: open-ended.' }),
    status: z.enum(['active', 'inactive']),
    is_live: z.boolean().meta({ description: 'Active, published and inside its validity window now.' }),
  })
  .meta({ id: 'Promotion' });

export const promotionListQuery = z
  .object({
    keyword: textParam(maxKeywordLength).meta({ description: 'Case-insensitive match on the title; % and _ are plain characters.' }),
    sort: enumParam(promotionSortNames).meta({
      description: 'priority (default, highest first), ending_soon (soonest valid_until first, open-ended last), newest (created last first).',
    }),
    per_page: integerParam(1, maxPageSize).meta({ description: `Page size, default ${defaultPageSize}.` }),
    limit: integerParam(1, maxPageSize).meta({ description: 'Alias of per_page.' }),
    starting_after: cursorParam.meta({ description: 'next_cursor of the previous page; bound to keyword and sort.' }),
  })
  .transform((q): PromotionListInput => ({
    window: { size: q.per_page ?? q.limit ?? defaultPageSize, after: q.starting_after },
    keyword: q.keyword,
    sort: q.sort ?? 'priority',
  }));

export const promotionListAnswer = listAnswer(promotionSchema);
