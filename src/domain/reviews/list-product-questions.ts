import type { Product, Question } from '../../generated/prisma/client.js';
import { findCatalogProduct, type CatalogProductRef } from '../catalog/find-product.js';
import type { Ctx } from '../context.js';
import type { KeysetPage, KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asNumber, type KeysetSort } from '../pagination/keyset.js';
import { pageOrWalk } from '../pagination/page-or-walk.js';

export interface ProductQuestionListInput {
  product: CatalogProductRef;
  window: KeysetWindow;
  page?: number;
}

const newestFirst: KeysetSort<Question> = [
  { field: 'createdAt', direction: 'desc', read: (row) => row.createdAt.toISOString(), parse: asDate },
  { field: 'id', direction: 'desc', read: (row) => row.id, parse: asNumber },
];

/** A shopper-visible product's published (answered) questions, newest asked first. */
export async function listProductQuestions(ctx: Ctx, input: ProductQuestionListInput): Promise<KeysetPage<Question>> {
  return listQuestionsOf(ctx, await findCatalogProduct(ctx, input.product), input);
}

/** The same of a product already read as shopper-visible (GraphQL's Product.questions). */
export function listQuestionsOf(ctx: Ctx, product: Product, input: Omit<ProductQuestionListInput, 'product'>): Promise<KeysetPage<Question>> {
  return pageOrWalk(
    ctx,
    {
      binding: { list: 'storefront.questions', storeId: ctx.store.id, filters: { product: product.id } },
      sort: newestFirst,
      where: { productId: product.id, status: 'published', answer: { not: null } },
      fetch: (args) => ctx.db.question.findMany(args as Parameters<typeof ctx.db.question.findMany>[0]),
    },
    input.window,
    input.page,
  );
}
