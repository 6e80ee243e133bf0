import type { Prisma } from '../../generated/prisma/client.js';
import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { checkMetafieldValues } from '../custom-data/metafield-values.js';
import { withTransaction } from '../transaction.js';
import { findStoreOrder } from './find-order.js';
import { orderDocument } from './order-document.js';
import { orderEditLimits, orderMetafieldRefusal, propertyKeyRefusal, type OrderEditInput } from './order-edit-fields.js';
import { orderInclude, type OrderRecord } from './order-record.js';

/**
 * The merchant's order edit (`PATCH /orders/{order}`, GraphQL `orderUpdate`): metafields, metadata
 * and line properties, nothing else. Every key is checked before anything is written; then, in one
 * transaction that first locks the order's row (so two edits of one order merge one after the
 * other and neither loses the other's keys), the values are written with `orders/updated`.
 */
export async function updateOrder(ctx: Ctx, ref: string, input: OrderEditInput): Promise<OrderRecord> {
  const found = await findStoreOrder(ctx, ref);
  checkKeys(ctx, found, input);
  if (input.metafields) await checkMetafieldValues(ctx, 'order', input.metafields);
  return withTransaction(ctx, async (tx) => {
    const order = await tx.db.order.update({ where: { id: found.id }, data: { updatedAt: tx.now }, include: orderInclude });
    const data: Prisma.OrderUpdateInput = {};
    if (input.metadata !== undefined) data.metadata = (input.metadata ?? {}) as Prisma.InputJsonObject;
    if (input.metafields !== undefined) data.metafields = keptMetafields(order, input.metafields ?? {}) as Prisma.InputJsonObject;
    if (Object.keys(data).length) await tx.db.order.update({ where: { id: order.id }, data });
    for (const edit of input.lineItems ?? []) {
      const line = order.items.find((item) => item.id === edit.id.toLowerCase())!;
      await tx.db.orderItem.update({ where: { id: line.id }, data: { properties: mergedProperties(line.properties, edit.properties) } });
    }
    const updated = await tx.db.order.findUniqueOrThrow({ where: { id: order.id }, include: orderInclude });
    tx.outbox.append({ topic: 'orders/updated', payload: orderDocument(updated) });
    return updated;
  });
}

/** Rules 2, 4 and 5 on the keys, all at once: every refused key is named, nothing is written. */
function checkKeys(ctx: Ctx, order: OrderRecord, input: OrderEditInput): void {
  const problems: FieldErrors = {};
  for (const key of Object.keys(input.metafields ?? {})) {
    const refusal = orderMetafieldRefusal(key);
    if (refusal) problems[`metafields.${key}`] = [refusal];
  }
  const seen = new Set<string>();
  (input.lineItems ?? []).forEach((edit, index) => {
    const id = edit.id.toLowerCase();
    const line = order.items.find((item) => item.id === id);
    if (!line) problems[`line_items.${index}.id`] = [`${edit.id} is not a line of this order`];
    else if (seen.has(id)) problems[`line_items.${index}.id`] = [`${edit.id} is named twice; send each line once`];
    seen.add(id);
    for (const key of Object.keys(edit.properties)) {
      const refusal = propertyKeyRefusal(ctx.principal, key);
      if (refusal) problems[`line_items.${index}.properties.${key}`] = [refusal];
    }
    if (line && Object.keys(mergedProperties(line.properties, edit.properties)).length > orderEditLimits.propertyKeysPerLine) {
      problems[`line_items.${index}.properties`] ??= [`would leave the line more than ${orderEditLimits.propertyKeysPerLine} properties`];
    }
  });
  if (Object.keys(problems).length) throw ApiError.validation(problems);
}

/** The line's properties after the edit: a text sets its key, null deletes it, keys not sent keep their value. */
function mergedProperties(current: Prisma.JsonValue, edit: Record<string, string | null>): Record<string, string> {
  const merged = { ...((current ?? {}) as Record<string, string>) };
  for (const [key, value] of Object.entries(edit)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** The metafields sent replace the writable ones; the apps' and the platform's values stay as they were. */
function keptMetafields(order: OrderRecord, sent: Record<string, unknown>): Record<string, unknown> {
  const current = (order.metafields ?? {}) as Record<string, unknown>;
  const kept = Object.entries(current).filter(([key]) => orderMetafieldRefusal(key) !== null);
  return { ...Object.fromEntries(kept), ...sent };
}
