import { isLive } from '../../domain/discounts/liveness.js';
import { listPromotionProducts, promotionProductLimits } from '../../domain/discounts/promotion-products.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder } from '../builder.js';
import { localized, ProductRef } from '../catalog/product-types.js';
import { checkedFilter } from '../collections/storefront-types.js';
import { PromotionProductSort, ShopperProductFilter } from '../collections/shared-types.js';
import { withArgNames } from '../shared/arg-names.js';
import { offsetConnection, offsetWindow } from '../shared/offset-connection.js';
import { Promotion } from './types.js';

const { maxPageSize, defaultPageSize, maxPage } = promotionProductLimits;

/**
 * The promotion's products as a connection over the same page-numbered domain list: a window of
 * n rows at a multiple of n is one page of size n (a walk with the same `first` always is);
 * any other window reads the two pages of size n that cover it.
 */
builder.objectFields(Promotion, (t) => ({
  productsConnection: t.connection({
    type: ProductRef,
    description: `The products of products(page, perPage) as a connection: first/after and last/before up to ${maxPageSize}, as deep as ${maxPage} pages of that size go. Empty when the promotion is not live.`,
    args: {
      sort: t.arg({ type: PromotionProductSort, required: false, defaultValue: 'newest' }),
      filter: t.arg({ type: ShopperProductFilter, required: false }),
      locale: t.arg.string({ required: false }),
    },
    resolve: async (p, args, { ctx }) => {
      const filter = checkedFilter(args.filter);
      if (args.last != null && args.before == null) throw ApiError.invalidField('last', 'needs before: this list has no end to count back from');
      const { start, end } = offsetWindow(args, Number.MAX_SAFE_INTEGER, maxPageSize, defaultPageSize);
      if (!isLive(p, ctx.now) || end <= start) return offsetConnection([], start, false);
      const size = end - start;
      const first = Math.floor(start / size) + 1;
      const read = (page: number) =>
        withArgNames({ page: args.before ? 'before' : args.after ? 'after' : 'first' }, () =>
          listPromotionProducts(ctx, { promotion: p.id, page, size, sort: args.sort ?? 'newest', locale: args.locale, ...filter }),
        );
      const pages = start % size === 0 ? [await read(first)] : [await read(first), await read(first + 1)];
      const rows = pages.flatMap((page) => page.rows).slice(start - (first - 1) * size, start - (first - 1) * size + size);
      const last = pages.at(-1)!;
      const hasNextPage = start % size === 0 ? last.hasMore : last.hasMore || last.rows.length > start + size - first * size;
      return offsetConnection(
        rows.map((row) => localized(row, last.locale)),
        start,
        hasNextPage,
      );
    },
  }),
}));
