import { readFileSync } from 'node:fs';

// Reads the committed contracts (docs/*.md) as tables, so tests compare the routes with the spec's own text.

const docs = new URL('../../docs/', import.meta.url);

export interface SpecOperation {
  method: string;
  /** Spec path syntax, relative to the surface: `/products/{product}`. */
  path: string;
}

function operationsIn(text: string): SpecOperation[] {
  // "GET, POST /collected-definitions", "PATCH and DELETE /products/{product}/images/{image}"
  const match = text.trim().match(/^((?:[A-Z]+(?:, | and )?)+)\s+(\/\S*)$/);
  if (!match) throw new Error(`unreadable operation "${text}" in the scope table`);
  return match[1]!
    .split(/, | and /)
    .filter(Boolean)
    .map((method) => ({ method, path: match[2]! }));
}

/** The merchant spec's scope table: `METHOD path` → scope. */
export function merchantScopeTable(): Map<string, string> {
  const text = readFileSync(new URL('merchant-api.md', docs), 'utf8');
  const section = text.slice(text.indexOf('### Scope table'), text.indexOf('## Authentication'));
  const table = new Map<string, string>();
  for (const line of section.split('\n')) {
    const row = line.match(/^- (merchant-[\w-]+): (.+)$/);
    if (!row) continue;
    for (const part of row[2]!.split(';')) for (const op of operationsIn(part)) table.set(`${op.method} ${op.path}`, row[1]!);
  }
  return table;
}

/** The storefront spec's endpoint tables: `METHOD path` → whether the section is marked (C). */
export function storefrontEndpoints(): Map<string, { customer: boolean }> {
  const text = readFileSync(new URL('storefront-api.md', docs), 'utf8');
  const endpoints = new Map<string, { customer: boolean }>();
  let customer = false;
  for (const line of text.slice(text.indexOf('## Endpoints'), text.indexOf('## Authentication')).split('\n')) {
    if (line.startsWith('### ')) customer = line.includes('(C)');
    const row = line.match(/^\| (GET|POST|PUT|PATCH|DELETE) \| (\/[^|]+?) \|/);
    if (row) endpoints.set(`${row[1]} ${row[2]!.replace(/\s+/g, '')}`, { customer });
  }
  return endpoints;
}

/** Fastify's `/products/:product` in the spec's `/products/{product}` syntax. */
export function specPath(url: string): string {
  return url.replace(/:([A-Za-z_]+)/g, '{$1}');
}
