import type { FastifyInstance } from 'fastify';
import { errorCodes, isReserved, statusOf, type ErrorCode } from '../platform/errors/error-codes.js';
import { cspHashOf, htmlPageHeaders } from './security-headers.js';

function escape(text: string) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

const style = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
table{border-collapse:collapse;width:100%;margin-bottom:2rem}th,td{text-align:left;vertical-align:top;padding:.35rem .6rem;border-bottom:1px solid #ddd}
tr:target{background:#fff6d6}.state{font-size:.8rem;font-weight:600;text-transform:uppercase;white-space:nowrap}
.served{color:#176c2f}.reserved{color:#8a5a00}`;

function rowOf(code: ErrorCode) {
  const merchant = statusOf(code, 'merchant');
  const storefront = statusOf(code, 'storefront');
  const status = merchant === storefront ? String(storefront) : `${storefront} (storefront), ${merchant} (merchant)`;
  const state = isReserved(code) ? 'reserved' : 'served';
  return `<tr id="${code}"><td><code>${code}</code></td><td>${status}</td><td>${escape(errorCodes[code].summary)}</td><td class="state ${state}">${state}</td></tr>`;
}

function tableOf(codes: ErrorCode[]) {
  return `<table><thead><tr><th>code</th><th>status</th><th>meaning</th><th>state</th></tr></thead><tbody>
${codes.map(rowOf).join('\n')}
</tbody></table>`;
}

/**
 * The page every `error.doc_url` links to: one row per code, anchored by the code, from the same
 * table. Codes this release answers come first; the specs' codes for operations not served yet
 * follow, each labelled reserved, so no reader expects an answer to carry one today.
 */
export function registerErrorDocs(app: FastifyInstance) {
  const codes = Object.keys(errorCodes) as ErrorCode[];
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bazaar error codes</title><style>${style}</style></head><body>
<h1>Bazaar error codes</h1><p>REST <code>error.code</code> and GraphQL <code>extensions.code</code> take their values from this table.</p>
<h2 id="served">Served</h2><p>Codes this release answers with.</p>
${tableOf(codes.filter((code) => !isReserved(code)))}
<h2 id="reserved">Reserved</h2><p>The specs' vocabulary for operations that are not served yet (writes not built yet, metaobjects): no answer carries these codes today.</p>
${tableOf(codes.filter(isReserved))}
</body></html>`;
  app.get('/docs/errors', { helmet: htmlPageHeaders({ style: [cspHashOf(style)] }) }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  );
}
