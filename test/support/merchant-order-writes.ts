import type { Store } from '../../src/generated/prisma/client.js';
import type { Database } from '../../src/platform/database/database.js';
import { call } from './http.js';
import type { TestApp } from './test-app.js';
import { MERCHANT } from './writes.js';

type Headers = Record<string, string>;

/** A JSON write to a merchant order path, with extra headers (an Idempotency-Key). */
export const orderWrite = (t: TestApp, key: string, method: 'POST' | 'PATCH', path: string, body: unknown, headers: Headers = {}) =>
  call(t.app, { method, url: `${MERCHANT}${path}`, key, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

/** `POST /orders/{order}/status`. */
export const moveStatus = (t: TestApp, key: string, ref: string | number, body: unknown, headers: Headers = {}) =>
  orderWrite(t, key, 'POST', `/orders/${ref}/status`, body, headers);

/** The messages the store's shoppers were sent, oldest first. */
export const messagesOf = (database: Database, store: Store) =>
  database.prisma.message.findMany({ where: { storeId: store.id }, orderBy: { createdAt: 'asc' }, select: { channel: true, recipient: true, template: true, text: true } });

/** The topics the store's outbox holds for an order, oldest first. */
export async function orderTopicsOf(database: Database, store: Store, orderId: number): Promise<string[]> {
  const rows = await database.prisma.outboxEvent.findMany({ where: { storeId: store.id }, orderBy: { sequence: 'asc' } });
  return rows.filter((row) => (row.payload as { id?: unknown }).id === orderId && row.topic.startsWith('orders/')).map((row) => row.topic);
}
