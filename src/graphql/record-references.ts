import {
  defaultFieldResolver,
  getNamedType,
  getNullableType,
  GraphQLID,
  GraphQLString,
  isInputObjectType,
  isListType,
  isObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { parseGlobalId } from './shared/global-id.js';

/** Argument and input field names that name a record by uuid, integer id or slug (`id`, `productIds`, inventory's `product`). */
const referenceName = /^(ids?|product|variant|collection|[a-z]+Ids?)$/;

/** The fields whose ids the relay plugin decodes itself. */
const decodedByRelay = new Set(['Query.node', 'Query.nodes']);

/** The value with every String or ID under a reference name read as a record reference; the input's types lead the walk, so JSON (metadata) is left alone. */
function keysOf(value: unknown, type: GraphQLInputType, named: boolean): unknown {
  if (value === null || value === undefined) return value;
  const nullable = getNullableType(type);
  if (isListType(nullable)) return Array.isArray(value) ? value.map((item) => keysOf(item, nullable.ofType, named)) : keysOf(value, nullable.ofType, named);
  const base = getNamedType(type);
  if (isInputObjectType(base)) {
    const fields = base.getFields();
    const input = value as Record<string, unknown>;
    return Object.fromEntries(Object.entries(input).map(([key, item]) => [key, fields[key] ? keysOf(item, fields[key].type, referenceName.test(key)) : item]));
  }
  if (named && typeof value === 'string' && (base === GraphQLString || base === GraphQLID)) return parseGlobalId(value)?.id ?? value;
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
      const args = field.args;
      field.resolve = (source, values, context, info) => {
        const keyed = Object.fromEntries(
          Object.entries(values).map(([name, value]) => {
            const arg = args.find((a) => a.name === name);
            return [name, arg ? keysOf(value, arg.type, referenceName.test(name)) : value];
          }),
        );
        return resolve(source, keyed, context, info);
      };
    }
  }
  return schema;
}
