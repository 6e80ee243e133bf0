import { z } from 'zod';
import { wishlistLimits } from '../../../domain/customers/wishlist/wishlist.js';
import type { KeysetWindow } from '../../../domain/pagination/keyset-page.js';
import { cursorParam, integerParam, localeParam } from '../../../platform/validation/wire-params.js';
import { moneyNumber, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';
import { productCard } from '../products/schemas.js';

export const wishlistItem = z
  .strictObject({
    id: uuid,
    saved_at: z.string().meta({ description: 'ISO 8601.' }),
    price_at_save: moneyNumber.meta({ description: 'What the shopper would have paid when saving it (discounts applied); the card shows today’s price.' }),
    product: productCard,
  })
  .meta({ id: 'WishlistItem' });

export const wishlistQuery = z
  .object({
    per_page: integerParam(1, wishlistLimits.maxPageSize).meta({ description: `Page size, default ${wishlistLimits.defaultPageSize}.` }),
    limit: integerParam(1, wishlistLimits.maxPageSize).meta({ description: 'Alias of per_page.' }),
    starting_after: cursorParam,
    locale: localeParam.meta({ description: 'A published store locale for the product cards.' }),
  })
  .transform((q): { window: KeysetWindow; locale?: string } => ({
    window: { size: q.per_page ?? q.limit ?? wishlistLimits.defaultPageSize, after: q.starting_after },
    locale: q.locale,
  }));

export const wishlistAddBody = wireObject({
  productId: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a product uuid, integer id or slug') })
    .trim()
    .min(1, { error: 'is required' })
    .max(255, { error: 'must be at most 255 characters' })
    .meta({ description: 'The product’s uuid, integer id or slug.' }),
});

export const wishlistProductParams = z.object({ product: z.string().meta({ description: 'The saved product’s uuid or integer id.' }) });

export const wishlistAnswer = listAnswer(wishlistItem);
export const wishlistItemAnswer = singleAnswer(wishlistItem);
