import type { Product } from '../../generated/prisma/client.js';
import { readMetafields, type MetafieldIdentifier, type MetafieldValue } from '../../domain/custom-data/read-metafields.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { MerchantProduct } from '../catalog/merchant-product-type.js';
import { ProductRef } from '../catalog/product-types.js';
import { builder } from '../builder.js';
import type { GraphqlContext } from '../graphql-context.js';
import { Metafield, MetafieldIdentifierInput } from './types.js';

// metafield(namespace, key) and metafields(identifiers) on both faces' Product: shoppers read the
// storefront-visible definitions' values, the merchant every defined one.

const maxIdentifiers = 50;

async function one(product: Product, identifier: MetafieldIdentifier, { ctx }: GraphqlContext, shopper: boolean): Promise<MetafieldValue | null> {
  const [value] = await readMetafields(ctx, 'product', product.metafields, [identifier], { shopper });
  return value ?? null;
}

function many(product: Product, identifiers: MetafieldIdentifier[], { ctx }: GraphqlContext, shopper: boolean) {
  if (identifiers.length > maxIdentifiers) throw ApiError.invalidField('identifiers', `must hold at most ${maxIdentifiers} identifiers`);
  return readMetafields(ctx, 'product', product.metafields, identifiers, { shopper });
}

const described = (visibility: string) => ({
  one: `The value under namespace.key of a ${visibility}product metafield definition; null when there is none.`,
  many: `The values of up to ${maxIdentifiers} ${visibility}product metafields, in the order asked; null for each that has none.`,
});

builder.objectFields(ProductRef, (t) => ({
  metafield: t.field({
    type: Metafield,
    nullable: true,
    description: described('storefront-visible ').one,
    args: { namespace: t.arg.string({ required: true }), key: t.arg.string({ required: true }) },
    resolve: (p, args, c) => one(p, args, c, true),
  }),
  metafields: t.field({
    type: [Metafield],
    nullable: { list: false, items: true },
    description: described('storefront-visible ').many,
    args: { identifiers: t.arg({ type: [MetafieldIdentifierInput], required: true }) },
    resolve: (p, args, c) => many(p, args.identifiers, c, true),
  }),
}));

builder.objectFields(MerchantProduct, (t) => ({
  metafield: t.field({
    type: Metafield,
    nullable: true,
    description: described('').one,
    args: { namespace: t.arg.string({ required: true }), key: t.arg.string({ required: true }) },
    resolve: (p, args, c) => one(p, args, c, false),
  }),
  metafieldValues: t.field({
    type: [Metafield],
    nullable: { list: false, items: true },
    description: `${described('').many} (\`metafields\` is the whole stored map.)`,
    args: { identifiers: t.arg({ type: [MetafieldIdentifierInput], required: true }) },
    resolve: (p, args, c) => many(p, args.identifiers, c, false),
  }),
}));
