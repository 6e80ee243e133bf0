import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Kind, type GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { Ctx } from '../../domain/context.js';
import type { CatalogCache } from './catalog-cache.js';
import { operationOf } from '../graphql-operation.js';

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Whether an answer reports errors: `"errors":` outside a string can only be the key (inside one, its quotes are escaped). */
export function hasErrors(body: string) {
  return body.includes('"errors":');
}

/**
 * The root fields of `schema` that declare `catalogueCacheField` (src/graphql/builder.ts), and what
 * a request that reads only them reads (a query sent without a customer's token), for the catalogue
 * cache's key and the request's catalogue snapshot. Null for everything else (mutations, customer and merchant fields, `shop`, whose `isOpen` follows
 * the opening hours, malformed documents: Yoga answers those).
 */
export function catalogueReadsOf(schema: GraphQLSchema) {
  const catalogueFields = new Set(['__typename']);
  for (const [name, field] of Object.entries(schema.getQueryType()?.getFields() ?? {})) if (field.extensions.cache === 'catalogue') catalogueFields.add(name);
  /** Documents already looked at, by text: storefronts send the same few queries over and over. */
  const verdicts = new LRUCache<string, boolean>({ max: 1_000 });

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

  function catalogueReadOf(request: FastifyRequest): string | null {
    if (request.headers.authorization !== undefined) return null;
    const params = (request.method === 'GET' ? request.query : request.body) as Record<string, unknown> | null;
    const query = params?.query;
    if (typeof query !== 'string') return null;
    const operationName = text(params?.operationName);
    if (!readsOnlyTheCatalogue(query, operationName)) return null;
    return JSON.stringify([request.headers.accept ?? '', operationName ?? '', query, text(params?.variables) ?? '', text(params?.extensions) ?? '']);
  }

  return catalogueReadOf;
}

/** The catalogue cache's key of a catalogue read (`catalogueReadsOf`), or null when nothing may be cached. */
export function catalogueKeyOf(cache: CatalogCache, ctx: Ctx, read: string): string | null {
  return cache.keyOf(ctx, 'graphql', createHash('sha256').update(read).digest('base64url'));
}
