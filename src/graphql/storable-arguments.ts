import { defaultFieldResolver, isObjectType, type GraphQLSchema } from 'graphql';
import { assertStorableInput } from '../platform/validation/storable-input.js';

/**
 * Every field that takes arguments holds them to the rule REST's parseInput applies (text
 * PostgreSQL can store, DateTimes within the instant range) before its resolver runs, so no
 * argument, variable or literal, reaches the database without it: a validation_failed error
 * naming the argument (`input.source`, `updatedAfter`), as REST names the field.
 */
export function refuseUnstorableArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.length) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        assertStorableInput(args);
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
