import { GraphQLDirective, GraphQLNonNull, GraphQLString, DirectiveLocation, type GraphQLSchema } from 'graphql';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { builder } from './builder.js';
import { refuseUnstorableArguments } from './storable-arguments.js';
import { acceptGlobalIds } from './record-references.js';
import './store/queries.js';
import './catalog/storefront-queries.js';
import './catalog/merchant-queries.js';
import './catalog/storefront-search.js';
import './catalog/product-connections.js';
import './inventory/queries.js';
import './inventory/mutations.js';
import './inventory/ledger-queries.js';
import './shared/user-errors.js';
import './catalog/product-mutations.js';
import './catalog/variant-mutations.js';
import './media/queries.js';
import './media/mutations.js';
import './discounts/queries.js';
import './discounts/mutations.js';
import './shipping/queries.js';
import './shipping/mutations.js';
import './webhooks/queries.js';
import './webhooks/mutations.js';
import './customers/auth-mutations.js';
import './customers/email-otp-mutations.js';
import './customers/phone-otp-mutations.js';
import './customers/password-reset-mutations.js';
import './customers/viewer-query.js';
import './customers/account-parts.js';
import './customers/account-mutations.js';
import './customers/wishlist-mutations.js';
import './customers/merchant-customers.js';
import './customers/merchant-follower-reads.js';
import './promotions/product-fields.js';
import './promotions/queries.js';
import './promotions/product-connection.js';
import './collections/storefront-queries.js';
import './collections/merchant.js';
import './carts/cart-fields.js';
import './carts/cart-line-mutations.js';
import './orders/checkout-mutation.js';
import './orders/customer-orders.js';
import './orders/merchant-orders.js';
import './orders/order-mutations.js';
import './orders/live-orders.js';
import './nodes/catalog-nodes.js';
import './nodes/merchant-nodes.js';
import './apps/queries.js';
import './custom-data/queries.js';
import './custom-data/product-metafields.js';
import './custom-data/variant-metafields.js';
import './custom-data/mutations.js';
import './custom-data/update-mutations.js';
import './apps/mutations.js';
import './content/queries.js';
import './content/mutations.js';
import './locales/merchant.js';
import './reviews/storefront.js';
import './reviews/merchant.js';
import './translations/merchant.js';
import './team/queries.js';
import './traffic/queries.js';

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

const requiresCustomer = new GraphQLDirective({
  name: 'requiresCustomer',
  description:
    "The field answers only with a customer's access token (Authorization: Bearer <accessToken>) issued by this store; otherwise customer_token_required or customer_token_invalid.",
  locations: [DirectiveLocation.FIELD_DEFINITION],
});

const readsCustomer = new GraphQLDirective({
  name: 'readsCustomer',
  description: "The field reads the customer of a bearer token when one is sent (the customer's cart), and the X-Cart-Session header otherwise.",
  locations: [DirectiveLocation.FIELD_DEFINITION],
});

/** Types whose every field is an entry point and so must declare its requirement (deny by default). */
const entryTypes = ['Query', 'Mutation', 'Subscription', 'Merchant'];

/** A root field without a declared auth requirement stops the start, as a REST route without one does. */
export function assertDeclaredAuth(schema: GraphQLSchema) {
  for (const typeName of entryTypes) {
    const type = schema.getType(typeName);
    if (!type || !('getFields' in type)) continue;
    for (const field of Object.values(type.getFields())) {
      const options = (field.extensions?.pothosOptions ?? {}) as { authScopes?: unknown };
      if (!options.authScopes) throw new Error(`GraphQL field ${typeName}.${field.name} declares no auth requirement`);
    }
  }
}

export function buildSchema(): GraphQLSchema {
  const schema = builder.toSchema({ directives: [requiresScope, requiresPrivateKey, requiresCustomer, readsCustomer], sortSchema: true });
  assertDeclaredAuth(schema);
  return acceptGlobalIds(refuseUnstorableArguments(schema));
}

/** The SDL committed as schema.graphql, directives included. */
export function printSchema(schema: GraphQLSchema): string {
  return `${printSchemaWithDirectives(schema).trim()}\n`;
}
