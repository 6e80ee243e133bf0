import type { Product } from '../../../generated/prisma/client.js';
import { ApiError, type FieldErrors } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { parseRecordId } from '../../record-id.js';
import { withTransaction } from '../../transaction.js';
import { merchantVisible } from '../visibility.js';
import type { PublishInput } from './product-fields.js';
import { appendProductEvent } from '../product-events.js';

type Ref = { pId: number } | { id: string };

const sameRecord = (ref: Ref, product: Product) => ('pId' in ref ? product.pId === ref.pId : product.id === ref.id);

/**
 * Publishes or unpublishes up to 100 products, all or nothing: an id that names no product of the
 * store fails the whole call on `ids.N` and changes nothing. Only products whose flag changes are
 * written (their `updatedAt` moves and a `products/update` event is recorded); the answer lists
 * every product named, once, in the order first named.
 */
export async function publishProducts(ctx: Ctx, input: PublishInput): Promise<Product[]> {
  const refs = input.ids.map(parseRecordId);
  return withTransaction(ctx, async (tx) => {
    const known = refs.filter((r): r is Ref => r !== null);
    const found = known.length ? await tx.db.product.findMany({ where: { ...merchantVisible(tx), OR: known }, orderBy: { pId: 'asc' } }) : [];
    const missing: FieldErrors = {};
    const named: Product[] = [];
    refs.forEach((ref, index) => {
      const product = ref && found.find((p) => sameRecord(ref, p));
      if (!product) missing[`ids.${index}`] = ['names no product of this store'];
      else if (!named.includes(product)) named.push(product);
    });
    if (Object.keys(missing).length) throw ApiError.validation(missing);

    const changing = named.filter((p) => p.published !== input.published);
    if (changing.length) {
      await tx.db.product.updateMany({ where: { id: { in: changing.map((p) => p.id) } }, data: { published: input.published } });
      for (const product of changing) appendProductEvent(tx, 'products/update', product.id);
    }
    const written = changing.length ? await tx.db.product.findMany({ where: { id: { in: changing.map((p) => p.id) } } }) : [];
    return named.map((p) => written.find((w) => w.id === p.id) ?? p);
  });
}
