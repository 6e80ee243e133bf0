import { cspHashOf, htmlPageHeaders } from '../http/security-headers.js';

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and attribute values: every value a page shows passes through it. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => entities[c]!);
}

/** Marks a fragment as already-safe HTML, so `html` does not escape it again. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

/** A template tag escaping every interpolation except SafeHtml fragments (and arrays of them). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const part = (value: unknown): string => (value instanceof SafeHtml ? value.value : Array.isArray(value) ? value.map(part).join('') : escapeHtml(value));
  return new SafeHtml(strings.reduce((out, text, i) => out + text + (i < values.length ? part(values[i]) : ''), ''));
}

const style = `
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
h1{font-size:1.4rem}table{width:100%;border-collapse:collapse}td,th{padding:.35rem 0;text-align:left}
td.num,th.num{text-align:right}tfoot td{font-weight:600;border-top:1px solid #d0d7de}
fieldset{border:1px solid #d0d7de;border-radius:6px;margin:1rem 0;padding:.75rem}
label{display:block;margin:.4rem 0}input[type=text],input[type=email],input[type=tel],input[type=number],textarea{width:100%;box-sizing:border-box;padding:.4rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}.error{background:#ffebe9;border:1px solid #ff8182;padding:.6rem;border-radius:6px}
.note{color:#57606a}`;

// The CSP allows the stylesheet by the hash of its exact text: the element is built here, outside
// the formatted template, so no indentation ever slips in between the tags and the hashed text.
const styleElement = new SafeHtml(`<style>${style}</style>`);

/** The headers of a hosted page: its one stylesheet by hash, forms posting to itself, nothing else loaded. */
export const hostedPageHeaders = htmlPageHeaders({ style: [cspHashOf(style)], form: ["'self'"] });

/** The headers of a hosted page with one inline script, allowed by the hash of its exact text, which may connect back to Bazaar only. */
export function scriptedPageHeaders(script: string) {
  return htmlPageHeaders({ style: [cspHashOf(style)], form: ["'self'"], script: [cspHashOf(script)], connect: ["'self'"] });
}

/** A whole page: the store's name as its heading, the body given, and the inline script given (its text exactly as hashed). */
export function page(title: string, body: SafeHtml, script?: string): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        ${styleElement}
      </head>
      <body>
        ${body} ${script === undefined ? '' : new SafeHtml(`<script>${script}</script>`)}
      </body>
    </html>`.value;
}
