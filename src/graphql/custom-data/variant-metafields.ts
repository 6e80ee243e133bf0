import type { Variant as VariantRow } from '../../generated/prisma/client.js';
import { readMetafields, type MetafieldIdentifier } from '../../domain/custom-data/read-metafields.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { Variant } from '../catalog/product-types.js';
import { readsAsMerchant } from '../catalog/reads-as-merchant.js';
import { builder } from '../builder.js';
import type { GraphqlContext } from '../graphql-context.js';
import { Metafield, MetafieldIdentifierInput } from './types.js';

// metafield(namespace, key) and metafields(identifiers) on Variant. Variant is one type on both
// faces, so a shopper reads the storefront-visible definitions' values and a private key with
// merchant-items-detail every defined one (reads-as-merchant.ts).

const maxIdentifiers = 50;

function read(variant: VariantRow, identifiers: MetafieldIdentifier[], { ctx }: GraphqlContext) {
  if (identifiers.length > maxIdentifiers) throw ApiError.invalidField('identifiers', `must hold at most ${maxIdentifiers} identifiers`);
  return readMetafields(ctx, 'variant', variant.metafields, identifiers, { shopper: !readsAsMerchant(ctx) });
}

builder.objectFields(Variant, (t) => ({
  metafield: t.field({
    type: Metafield,
    nullable: true,
    description:
      'The value under namespace.key of a variant metafield definition (storefront-visible ones unless the key may read product detail); null when there is none.',
    args: { namespace: t.arg.string({ required: true }), key: t.arg.string({ required: true }) },
    resolve: async (v, args, c) => (await read(v, [args], c))[0] ?? null,
  }),
  metafields: t.field({
    type: [Metafield],
    nullable: { list: false, items: true },
    description: `The values of up to ${maxIdentifiers} variant metafields, in the order asked, as metafield shows them; null for each that has none.`,
    args: { identifiers: t.arg({ type: [MetafieldIdentifierInput], required: true }) },
    resolve: (v, args, c) => read(v, args.identifiers, c),
  }),
}));
