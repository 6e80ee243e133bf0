import type { Question } from '../../generated/prisma/client.js';
import { findCatalogProduct } from '../catalog/find-product.js';
import { signedInCustomer, type Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import type { ShopperQuestionInput } from './shopper-fields.js';
import { countShopperWrite } from './shopper-write-limit.js';

/** A signed-in customer's question about a shopper-visible product; it shows once the store answers it. */
export async function askQuestion(ctx: Ctx, input: { slug: string } & ShopperQuestionInput): Promise<Question> {
  const { customerId } = signedInCustomer(ctx);
  const product = await findCatalogProduct(ctx, { slug: input.slug });
  await countShopperWrite(ctx, customerId);
  return withTransaction(ctx, async (tx) => {
    const question = await tx.db.question.create({
      data: { storeId: tx.db.$storeId, productId: product.id, customerId, authorName: input.authorName, body: input.question, createdAt: ctx.now },
    });
    tx.outbox.append({ topic: 'questions/create', payload: { id: question.uid, product_id: product.id } });
    return question;
  });
}
