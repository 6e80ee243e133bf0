import { defaultFieldResolver, isObjectType, type GraphQLSchema } from 'graphql';
import { parseGlobalId } from './shared/global-id.js';

/** Argument and input field names that name a record by uuid, integer id or slug (`id`, `productIds`, inventory's `product`). */
const referenceName = /^(ids?|product|variant|collection|[a-z]+Ids?)$/;

/** The fields whose ids the relay plugin decodes itself. */
const decodedByRelay = new Set(['Query.node', 'Query.nodes']);

/** Input objects and argument maps; a Date or an uploaded File passes as it is. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function keysOf(value: unknown, named: boolean): unknown {
  if (typeof value === 'string') return named ? (parseGlobalId(value)?.id ?? value) : value;
  if (Array.isArray(value)) return value.map((item) => keysOf(item, named));
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, keysOf(item, referenceName.test(key))]));
  }
  return value;
}

/**
 * Every argument that names a record also takes the record's global id (the `id` a node answers):
 * before the resolver runs, a global id under a reference name becomes the uuid it carries, which
 * every domain finder reads. Other text (a uuid, an integer id, a slug) passes unchanged, so what
 * worked before keeps working, and a global id of another type names no record of this one.
 */
export function acceptGlobalIds(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.length || decodedByRelay.has(`${type.name}.${field.name}`)) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => resolve(source, keysOf(args, false) as typeof args, context, info);
    }
  }
  return schema;
}
