import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { Ctx } from '../domain/context.js';
import type { CatalogCache } from '../http/response-cache/catalog-cache.js';

/**
 * Root fields whose answer is the store's catalogue and nothing else: no customer, no cart, no
 * merchant data, and no clock beyond the discount boundaries the cache already keeps to. `shop` is
 * not one: its `isOpen` follows the opening hours.
 */
const catalogueFields = new Set(['products', 'product', 'collections', 'collection', 'promotions', 'promotion', 'locales', '__typename']);

/** Documents already looked at, by text: storefronts send the same few queries over and over. */
const verdicts = new LRUCache<string, boolean>({ max: 1_000 });

function operationOf(query: string, operationName: string | undefined): OperationDefinitionNode | null {
  try {
    const operations = parse(query).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (operationName) return operations.find((o) => o.name?.value === operationName) ?? null;
    return operations.length === 1 ? operations[0]! : null;
  } catch {
    return null;
  }
}

function readsOnlyTheCatalogue(query: string, operationName: string | undefined): boolean {
  const key = `${operationName ?? ''}\n${query}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    const operation = operationOf(query, operationName);
    verdict = operation?.operation === 'query' && operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && catalogueFields.has(s.name.value));
    verdicts.set(key, verdict);
  }
  return verdict;
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The request as the catalogue cache keys it, when its answer can be cached: a query that reads
 * only catalogue fields, sent without a customer's token. Null for everything else (mutations,
 * customer and merchant fields, malformed documents: Yoga answers those).
 */
function catalogueReadOf(request: FastifyRequest): string | null {
  if (request.headers.authorization !== undefined) return null;
  const params = (request.method === 'GET' ? request.query : request.body) as Record<string, unknown> | null;
  const query = params?.query;
  if (typeof query !== 'string') return null;
  const operationName = text(params?.operationName);
  if (!readsOnlyTheCatalogue(query, operationName)) return null;
  return JSON.stringify([request.headers.accept ?? '', operationName ?? '', query, text(params?.variables) ?? '', text(params?.extensions) ?? '']);
}

/** Whether an answer reports errors: `"errors":` outside a string can only be the key (inside one, its quotes are escaped). */
export function hasErrors(body: string) {
  return body.includes('"errors":');
}

/** The catalogue cache's key of this request, or null when its answer may not be cached. */
export function catalogueKeyOf(cache: CatalogCache, request: FastifyRequest, ctx: Ctx) {
  const read = catalogueReadOf(request);
  return read === null ? null : cache.keyOf(ctx, 'graphql', createHash('sha256').update(read).digest('base64url'));
}
