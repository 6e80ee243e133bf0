import type { FastifyInstance } from 'fastify';
import { errorCodes, statusOf, type ErrorCode } from '../platform/errors/error-codes.js';
import { htmlPageHeaders } from './security-headers.js';

function escape(text: string) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** The page every `error.doc_url` links to: one row per code, anchored by the code, from the same table. */
export function registerErrorDocs(app: FastifyInstance) {
  app.get('/docs/errors', { helmet: htmlPageHeaders() }, async (_request, reply) => {
    const rows = (Object.keys(errorCodes) as ErrorCode[])
      .map((code) => {
        const merchant = statusOf(code, 'merchant');
        const storefront = statusOf(code, 'storefront');
        const status = merchant === storefront ? String(storefront) : `${storefront} (storefront), ${merchant} (merchant)`;
        return `<tr id="${code}"><td><code>${code}</code></td><td>${status}</td><td>${escape(errorCodes[code].summary)}</td></tr>`;
      })
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bazaar error codes</title></head><body>
<h1>Bazaar error codes</h1><p>REST <code>error.code</code> and GraphQL <code>extensions.code</code> take their values from this table.</p>
<table><thead><tr><th>code</th><th>status</th><th>meaning</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
  });
}
