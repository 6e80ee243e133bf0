import type { FastifyRequest } from 'fastify';
import { Kind, valueFromASTUntyped, type GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { Ctx } from '../domain/context.js';
import { pageKinds, type PageKind } from '../domain/traffic/page-views.js';
import type { Traffic } from '../domain/traffic/traffic-service.js';
import { operationOf } from '../http/graphql-operation.js';

/** What a root field declares to count as a storefront page view, as REST routes declare `pageView`. */
export function pageViewField(kind: PageKind) {
  return { pageView: kind } as const;
}

interface CountedField {
  kind: PageKind;
  /** The argument values naming a product (slug, else id): literals, or variables to look up. */
  subject: { literal?: string; variable?: string } | null;
}

const maxOperationsPerDocument = 16;

/**
 * Counts the page views of a GraphQL read whose answer is a 200 without errors, served from the
 * catalogue cache or executed: each root field that declares `pageView` counts once, a product
 * named by its `slug` or `id` argument.
 */
export function graphqlPageViews(schema: GraphQLSchema, traffic: Traffic) {
  const kinds = new Map<string, PageKind>();
  for (const [name, field] of Object.entries(schema.getQueryType()?.getFields() ?? {})) {
    const kind = field.extensions.pageView as PageKind | undefined;
    if (kind && pageKinds.includes(kind)) kinds.set(name, kind);
  }
  // By query, then operation name: a hit joins no strings.
  const documents = new LRUCache<string, Map<string, CountedField[]>>({ max: 1_000 });

  function countedFields(query: string, operationName = ''): CountedField[] {
    let operations = documents.get(query);
    if (!operations) documents.set(query, (operations = new Map()));
    let fields = operations.get(operationName);
    if (!fields) {
      fields = fieldsOf(query, operationName || undefined);
      // A document holds few operations; names it does not hold are not kept.
      if (operations.size < maxOperationsPerDocument) operations.set(operationName, fields);
    }
    return fields;
  }

  function fieldsOf(query: string, operationName: string | undefined): CountedField[] {
    const operation = operationOf(query, operationName);
    const fields: CountedField[] = [];
    if (operation?.operation !== 'query') return fields;
    for (const selection of operation.selectionSet.selections) {
      const kind = selection.kind === Kind.FIELD ? kinds.get(selection.name.value) : undefined;
      if (!kind || selection.kind !== Kind.FIELD) continue;
      const named = ['slug', 'id'].map((n) => selection.arguments?.find((a) => a.name.value === n)).find(Boolean);
      const subject =
        kind !== 'product' || !named
          ? null
          : named.value.kind === Kind.VARIABLE
            ? { variable: named.value.name.value }
            : { literal: String(valueFromASTUntyped(named.value)) };
      fields.push({ kind, subject });
    }
    return fields;
  }

  return (request: FastifyRequest, ctx: Ctx) => {
    const params = (request.method === 'GET' ? request.query : request.body) as Record<string, unknown> | null;
    if (typeof params?.query !== 'string') return;
    const operationName = typeof params.operationName === 'string' ? params.operationName : undefined;
    const fields = countedFields(params.query, operationName);
    if (!fields.length) return;
    let variables = params.variables as Record<string, unknown> | string | undefined;
    if (typeof variables === 'string') {
      try {
        variables = JSON.parse(variables) as Record<string, unknown>;
      } catch {
        variables = undefined;
      }
    }
    for (const { kind, subject } of fields) {
      const value = subject?.literal ?? (subject?.variable ? (variables as Record<string, unknown> | undefined)?.[subject.variable] : undefined);
      traffic.record({
        storeId: ctx.store.id,
        kind,
        subject: typeof value === 'string' ? value : undefined,
        clientIp: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        referrer: request.headers.referer,
        at: ctx.now,
      });
    }
  };
}
