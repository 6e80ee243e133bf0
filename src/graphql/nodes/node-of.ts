import type { ObjectRef } from '@pothos/core';
import { builder } from '../builder.js';
import type { GraphqlContext } from '../graphql-context.js';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

function nullWhenNotFound(error: { code?: string }): null {
  if (error?.code === 'not_found') return null;
  throw error;
}

/**
 * Makes a type a Node: its `id` becomes the global id of `key(row)` (the row's uuid), and `node`
 * and `nodes` read it with `load`, the same tenant-scoped finder (and requirement) as the type's
 * own read. One call per type per request gets every id of that type; a missing one is null.
 */
export function nodeOf<Shape extends object>(
  ref: ObjectRef<Types, Shape>,
  key: (row: Shape) => string,
  load: (key: string, context: GraphqlContext) => Promise<Shape | null>,
) {
  builder.nodeRef(ref as never, {
    id: { resolve: (row: Shape) => key(row) },
    loadMany: (keys: string[], context: GraphqlContext) => Promise.all(keys.map((k) => load(k, context).catch(nullWhenNotFound))),
  } as never);
}
