import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildSchema, printSchema } from '../../src/graphql/schema.js';

describe('schema.graphql', () => {
  it('is the schema the code builds (run `npm run schema:print` after changing it)', async () => {
    const committed = await readFile(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(printSchema(buildSchema())).toBe(committed);
  });

  it('shows the scope directives of merchant fields', async () => {
    const sdl = printSchema(buildSchema());
    expect(sdl).toContain('merchant: Merchant! @requiresPrivateKey');
    expect(sdl).toMatch(/products\([^)]*\): MerchantProductsConnection! @requiresScope\(scope: "merchant-items-read"\)/);
    expect(sdl).toMatch(/store: Shop! @requiresScope\(scope: "merchant-business_profile-read"\)/);
  });
});
