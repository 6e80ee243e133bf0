import { ApiError, type FieldErrors } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { withTransaction } from '../../transaction.js';
import { requireInstallation } from '../calling-installation.js';
import { appNamespace } from '../namespace.js';
import type { RequirementsInput } from './requirement-fields.js';

export interface Requirement {
  productPId: number;
  prefix: string;
}

/** The installation's requirements in the order they were sent. */
export async function listRequirements(ctx: Ctx, installationId: number): Promise<Requirement[]> {
  const rows = await ctx.db.appRequirement.findMany({
    where: { installationId },
    orderBy: { position: 'asc' },
    select: { prefix: true, product: { select: { pId: true } } },
  });
  return rows.map((row) => ({ productPId: row.product.pId, prefix: row.prefix }));
}

/**
 * Replaces the calling installation's requirements (PUT). Every prefix lies under the app's own
 * `app.{slug}.`; every product is a product of this store that is not deleted; a pair repeats at
 * most once. Each failure names its item (`items.3.prefix`); nothing is written unless all pass.
 */
export async function replaceRequirements(ctx: Ctx, input: RequirementsInput): Promise<Requirement[]> {
  const installation = requireInstallation(ctx);
  const namespace = appNamespace(installation.appSlug);
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  input.items.forEach((item, index) => {
    if (!item.prefix.startsWith(namespace)) errors[`items.${index}.prefix`] = [`must lie under this app's namespace ${namespace}`];
    const pair = `${item.product_product_p_id} ${item.prefix}`;
    if (seen.has(pair)) errors[`items.${index}`] = ['repeats an earlier requirement'];
    seen.add(pair);
  });
  return withTransaction(ctx, async (tx) => {
    const pIds = [...new Set(input.items.map((item) => item.product_product_p_id))];
    const products = await tx.db.product.findMany({ where: { pId: { in: pIds }, deletedAt: null }, select: { id: true, pId: true } });
    const idOf = new Map(products.map((p) => [p.pId, p.id]));
    input.items.forEach((item, index) => {
      if (!idOf.has(item.product_product_p_id)) errors[`items.${index}.product_product_p_id`] = [`names no product of this store (${item.product_product_p_id})`];
    });
    const ordered = Object.keys(errors).sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]));
    if (ordered.length) throw ApiError.validation(Object.fromEntries(ordered.map((field) => [field, errors[field]!])));
    await tx.db.appRequirement.deleteMany({ where: { installationId: installation.id } });
    await tx.db.appRequirement.createMany({
      data: input.items.map((item, position) => ({
        storeId: tx.db.$storeId,
        installationId: installation.id,
        productId: idOf.get(item.product_product_p_id)!,
        prefix: item.prefix,
        position,
      })),
    });
    tx.outbox.append({ topic: 'app_requirements/update', payload: { installation_id: installation.id, count: input.items.length } });
    return input.items.map((item) => ({ productPId: item.product_product_p_id, prefix: item.prefix }));
  });
}
