import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../src/seed/seed-catalog.js';
import { graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Representative storefront queries over a seeded catalogue: the seed is deterministic, so the
// answers are too (ids and URLs, which carry random parts, are left out of the selections).
let t: TestApp;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  await seedCatalog(t.database.prisma, shop.store, { media: t.media, products: 24, seed: 11 });
});
afterAll(() => t.close());

const cardFields = `slug title excerpt type featured rating reviewCount createdAt
  price { amount currencyCode } compareAtPrice { amount } priceRange { min { amount } max { amount } }
  hasVariants inStock totalStock category { slug name } options { name values }
  variants { title sku optionValues price { amount } compareAtPrice { amount } inStock quantity }
  images { alt width height position isPrimary renditions { name width height } }`;

describe('storefront queries', () => {
  it('a category page sorted by price', async () => {
    const res = await graphql(t.app, shop.publicKey, `{ products(first: 4, sort: PRICE_LOW) { edges { node { ${cardFields} } } pageInfo { hasNextPage } } }`);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toMatchSnapshot();
  });

  it('the same page in French', async () => {
    const res = await graphql(
      t.app,
      shop.publicKey,
      `
        {
          products(first: 4, sort: PRICE_LOW, locale: "fr") {
            edges {
              node {
                title
                excerpt
                category {
                  name
                }
              }
            }
          }
        }
      `,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toMatchSnapshot();
  });

  it('a product page', async () => {
    const first = await graphql(t.app, shop.publicKey, '{ products(first: 1, sort: POPULAR) { edges { node { slug } } } }');
    const slug = first.body.data.products.edges[0].node.slug;
    const res = await graphql(t.app, shop.publicKey, `query($slug: String!) { product(slug: $slug) { ${cardFields} description } }`, { slug });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toMatchSnapshot();
  });

  it('a node refetch: the product page again by the global id its list answered', async () => {
    const listed = await graphql(t.app, shop.publicKey, '{ products(first: 1, sort: POPULAR) { edges { node { id } } } }');
    const id = listed.body.data.products.edges[0].node.id;
    const res = await graphql(t.app, shop.publicKey, `query($id: ID!) { node(id: $id) { __typename ... on Product { ${cardFields} } } }`, { id });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toMatchSnapshot();
    const both = await graphql(t.app, shop.publicKey, 'query($ids: [ID!]!) { nodes(ids: $ids) { ... on Product { slug } } }', { ids: [id, id] });
    expect(both.body.data.nodes).toEqual([res.body.data.node, res.body.data.node].map((node) => ({ slug: node.slug })));
  });
});
