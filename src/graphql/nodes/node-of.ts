import type { ObjectRef } from '@pothos/core';
import { builder } from '../builder.js';
import type { GraphqlContext } from '../graphql-context.js';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/**
 * Makes a type a Node: its `id` becomes the global id of `key(row)` (the row's uuid), and `node`
 * and `nodes` read it with `loadMany`, a batched, tenant-scoped read with the same visibility (and
 * requirement) as the type's own read, so N ids of one type cost the statements of one. It hands
 * back the rows it finds in any order; an id it leaves out answers null, in its place.
 */
export function nodeOf<Shape extends object>(
  ref: ObjectRef<Types, Shape>,
  key: (row: Shape) => string,
  loadMany: (keys: string[], context: GraphqlContext) => Promise<Shape[]>,
) {
  builder.nodeRef(ref as never, {
    id: { resolve: (row: Shape) => key(row) },
    loadMany: async (keys: string[], context: GraphqlContext) => {
      const byKey = new Map((await loadMany(keys, context)).map((row) => [key(row).toLowerCase(), row]));
      return keys.map((k) => byKey.get(k.toLowerCase()) ?? null);
    },
  } as never);
}
