import { GraphQLDirective, GraphQLNonNull, GraphQLString, DirectiveLocation, type GraphQLSchema } from 'graphql';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { builder } from './builder.js';
import './store/queries.js';
import './catalog/storefront-queries.js';
import './catalog/merchant-queries.js';

const requiresScope = new GraphQLDirective({
  name: 'requiresScope',
  description: 'The field answers only a private key carrying this Merchant API scope; otherwise insufficient_scope.',
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: { scope: { type: new GraphQLNonNull(GraphQLString) } },
});

const requiresPrivateKey = new GraphQLDirective({
  name: 'requiresPrivateKey',
  description: 'The field answers only a private key (sk_); a public key gets private_key_required.',
  locations: [DirectiveLocation.FIELD_DEFINITION],
});

export function buildSchema(): GraphQLSchema {
  return builder.toSchema({ directives: [requiresScope, requiresPrivateKey], sortSchema: true });
}

/** The SDL committed as schema.graphql, directives included. */
export function printSchema(schema: GraphQLSchema): string {
  return `${printSchemaWithDirectives(schema).trim()}\n`;
}
