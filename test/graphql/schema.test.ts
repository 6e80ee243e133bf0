import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildSchema, printSchema } from '../../src/graphql/schema.js';
import { nodeTypeNames } from '../../src/graphql/shared/global-id.js';

describe('schema.graphql', () => {
  it('is the schema the code builds (run `npm run schema:print` after changing it)', async () => {
    const committed = await readFile(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(printSchema(buildSchema())).toBe(committed);
  });

  it('shows the scope directives of merchant fields', async () => {
    const sdl = printSchema(buildSchema());
    expect(sdl).toContain('merchant: Merchant! @requiresPrivateKey');
    expect(sdl).toMatch(/products\([^)]*\): MerchantProductsConnection! @requiresScope\(scope: "merchant-items-read"\)/);
    // Issue 17: "`merchant.store` returns the business profile, not the storefront shop type".
    expect(sdl).toMatch(/store: StoreProfile! @requiresScope\(scope: "merchant-business_profile-read"\)/);
  });

  it("shows which fields need a customer's bearer token, and which read one when sent", async () => {
    const sdl = printSchema(buildSchema());
    expect(sdl).toMatch(/^  customer: CustomerAccount! @requiresCustomer$/m);
    expect(sdl).toMatch(/^  cart: Cart @readsCustomer$/m);
    expect(sdl).toMatch(/checkoutComplete\(input: CheckoutInput!\): CheckoutCompletePayload! @readsCustomer/);
  });

  it('gives every refetchable type a global id through the Node interface', async () => {
    const sdl = printSchema(buildSchema());
    expect(sdl).toContain('node(id: ID!): Node');
    expect(sdl).toContain('nodes(ids: [ID!]!): [Node]!');
    for (const type of nodeTypeNames) expect(sdl).toMatch(new RegExp(`^type ${type} implements Node \\{$`, 'm'));
  });
});
