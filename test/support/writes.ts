import type { FastifyInstance } from 'fastify';
import type { Store } from '../../src/generated/prisma/client.js';
import type { Database } from '../../src/platform/database/database.js';
import { call } from './http.js';

export const MERCHANT = '/api/v1/merchant';

/** A JSON write to the merchant API. */
export function send(app: FastifyInstance, key: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
  return call(app, {
    method,
    url: `${MERCHANT}${path}`,
    key,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
  });
}

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body, one part per entry, in order. */
export function multipartBody(parts: FormPart[], boundary = 'bazaar-form-boundary') {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`,
      ...(p.type ? [`Content-Type: ${p.type}`] : []),
      '',
      '',
    ].join('\r\n');
    chunks.push(Buffer.from(head), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function sendForm(app: FastifyInstance, key: string, method: 'POST' | 'PUT', path: string, parts: FormPart[]) {
  const form = multipartBody(parts);
  return call(app, { method, url: `${MERCHANT}${path}`, key, headers: { 'content-type': form.contentType }, payload: form.payload });
}

/** The store's outbox as the relay will read it (unscoped client), oldest first. */
export async function outboxOf(database: Database, store: Store) {
  const rows = await database.prisma.outboxEvent.findMany({ where: { storeId: store.id }, orderBy: { sequence: 'asc' } });
  return rows.map(({ topic, payload }) => ({ topic, payload }));
}

/** The stored derived columns of a product, as the storefront sorts and filters read them. */
export async function derivedOf(database: Database, id: string) {
  const p = await database.prisma.product.findUniqueOrThrow({ where: { id } });
  return { priceMin: p.priceMin.toFixed(2), priceMax: p.priceMax.toFixed(2), stock: p.stock, inStock: p.inStock };
}
