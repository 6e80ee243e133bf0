import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, isReserved, statusOf, type ErrorCode } from '../../src/platform/errors/error-codes.js';
import { get } from '../support/http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Merchant spec, Errors: `error.doc_url` links to the code's reference row. GET /docs/errors is
// that reference: one row per code of the one error table, anchored by the code.

let t: TestApp;
let page: string;

beforeAll(async () => {
  t = await startTestApp();
  const res = await get(t.app, '/docs/errors');
  page = res.raw;
});
afterAll(() => t.close());

const codes = Object.keys(errorCodes) as ErrorCode[];

/** Every failure code the two specs name in their error and authentication tables. */
const specCodes = [
  'client_key_required',
  'invalid_client_key',
  'origin_required',
  'origin_not_allowed',
  'plan_inactive',
  'route_not_available',
  'validation_failed',
  'starting_after_invalid',
  'page_too_deep',
  'cursor_unsupported_for_sort',
  'too_many_requests',
  'api_key_mode_mismatch',
  'api_key_revoked',
  'api_key_expired',
  'private_key_required',
  'insufficient_scope',
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'server_error',
  'service_unavailable',
  'idempotency_key_reuse',
  'idempotency_key_in_progress',
  'metaobject_reference_invalid',
  'VENDOR_ACCESS_DENIED',
];

function rowOf(code: string): string | undefined {
  return page.match(new RegExp(`<tr id="${code}">(.*?)</tr>`, 's'))?.[1];
}

describe('GET /docs/errors', () => {
  it('answers 200 HTML without a key', async () => {
    const res = await get(t.app, '/docs/errors');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.raw).toMatch(/^<!doctype html>/i);
  });

  it.each(codes)('has a row anchored by id="%s" naming the code and its status', (code) => {
    const row = rowOf(code);
    expect(row, `no <tr id="${code}">`).toBeDefined();
    expect(row).toContain(`<code>${code}</code>`);
    expect(row).toContain(String(statusOf(code, 'storefront')));
    expect(row).toContain(String(statusOf(code, 'merchant')));
  });

  it('has exactly one row per code, and no other rows', () => {
    const ids = [...page.matchAll(/<tr id="([^"]+)">/g)].map((m) => m[1]);
    expect(ids.sort()).toEqual([...codes].sort());
  });

  it('covers every failure code named by the two specs', () => {
    expect(codes).toEqual(expect.arrayContaining(specCodes));
  });

  it('gives route_not_available both of its statuses (404 storefront, 403 merchant)', () => {
    expect(rowOf('route_not_available')).toContain('404');
    expect(rowOf('route_not_available')).toContain('403');
  });

  it('gives VENDOR_ACCESS_DENIED its merchant row, served, naming the store header and the older body', () => {
    // Merchant spec, Errors: "VENDOR_ACCESS_DENIED | 403 | store header names another store (older body shape)".
    const row = rowOf('VENDOR_ACCESS_DENIED');
    expect(row).toContain('<td>403</td>');
    expect(row).toContain('X-Store-Id');
    expect(row).toContain('{error: &quot;VENDOR_ACCESS_DENIED&quot;, message}');
    expect(row).toContain('<td class="state served">served</td>');
  });

  it('is the page a failure doc_url points at', async () => {
    const res = await get(t.app, '/v1/store/info');
    const [base, anchor] = String(res.body.error.doc_url).split('#');
    expect(base).toBe(`${t.config.publicUrl}/docs/errors`);
    expect(rowOf(anchor!)).toBeDefined();
  });
});

describe('Served and reserved codes on /docs/errors', () => {
  const served = codes.filter((code) => !isReserved(code));
  const reserved = codes.filter(isReserved);
  const section = (id: string) => page.slice(page.indexOf(`<h2 id="${id}">`), page.indexOf('</table>', page.indexOf(`<h2 id="${id}">`)));

  it('lists the served codes under "Served", each labelled served', () => {
    for (const code of served) {
      expect(section('served'), code).toContain(`<tr id="${code}">`);
      expect(rowOf(code)).toContain('<td class="state served">served</td>');
    }
  });

  it('lists the reserved codes under "Reserved", each labelled reserved, and says none is answered today', () => {
    expect(reserved.length).toBeGreaterThan(0);
    expect(section('reserved')).toContain('no answer carries these codes today');
    for (const code of reserved) {
      expect(section('reserved'), code).toContain(`<tr id="${code}">`);
      expect(rowOf(code)).toContain('<td class="state reserved">reserved</td>');
    }
  });
});

describe('Every code marked served is raised somewhere in src/', () => {
  // Simple and honest: a served code must appear as `ApiError('code'` in the source; the table
  // itself does not count. (A code raised only by the CLI, such as conflict, stays reserved:
  // no route answers it.)
  const srcDir = path.resolve(import.meta.dirname, '../../src');
  const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.startsWith('generated') && !file.endsWith(path.join('errors', 'error-codes.ts')))
    .map((file) => readFileSync(path.join(srcDir, file), 'utf8'))
    .join('\n');

  it.each(codes.filter((code) => !isReserved(code)))('%s is raised', (code) => {
    expect(sources).toMatch(new RegExp(`ApiError\\(\\s*'${code}'`));
  });
});
