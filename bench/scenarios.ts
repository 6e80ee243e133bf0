/** The reads of npm run bench, and which store sizes get which. */

/** One read as autocannon sends it; the same request is counted in-process for its SQL statements. */
export interface Read {
  title: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Sent with If-None-Match set to the ETag the same server just gave for the read, so it answers 304. */
  conditional?: boolean;
  /** Answered by the one-statement floor too (bench/floor), against which the floor scenario measures Bazaar with the cache off. */
  floor?: boolean;
}

const listPath = '/v1/store/products?per_page=50';

/** The seeded "Featured" collection: 60 products, 3 pinned, in the merchant's order, priced with the store's live discounts. */
const collectionPath = '/v1/store/collections/featured/products?per_page=50';

const productFields = `
        id pId slug title excerpt description type videoUrl featured rating reviewCount createdAt updatedAt
        price { amount currencyCode }
        discountPrice { amount }
        discount { id amount { amount } }
        compareAtPrice { amount }
        priceRange { min { amount } max { amount } }
        hasVariants inStock totalStock
        category { id name slug }
        images { id url alt renditions { name url width height } }
        variants { id title price { amount } inStock quantity }`;

/** Also run by test/graphql/query-limits.test.ts: the largest storefront query the schema was built to let through. */
export const graphqlQuery = `query Bench {
  products(first: 50) {
    edges { node { ${productFields} } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const collectionQuery = `query BenchCollection {
  collection(slug: "featured") {
    products(first: 50) {
      edges { node { ${productFields} } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

const productQuery = `query BenchProduct($slug: String!) {
  product(slug: $slug) { ${productFields} }
}`;

const graphql = (title: string, query: string, variables?: Record<string, unknown>, floor?: boolean): Read => ({
  title,
  method: 'POST',
  path: '/graphql',
  body: JSON.stringify({ query, variables }),
  ...(floor ? { floor } : {}),
});

/** Page mode twenty pages in: with the page's offset, its cost is expected to stay flat as the catalogue grows. */
const deepPage: Read = { title: `GET ${listPath}&page=20`, method: 'GET', path: `${listPath}&page=20` };

function fullSet(productSlug: string): Read[] {
  return [
    { title: `GET ${listPath}`, method: 'GET', path: listPath, floor: true },
    graphql('GraphQL products(first: 50)', graphqlQuery, undefined, true),
    { title: `GET ${collectionPath}`, method: 'GET', path: collectionPath, floor: true },
    graphql('GraphQL collection(slug: "featured") products(first: 50)', collectionQuery),
    { title: 'GET /v1/store/products/:slug', method: 'GET', path: `/v1/store/products/${productSlug}`, floor: true },
    graphql('GraphQL product(slug)', productQuery, { slug: productSlug }),
    { title: `GET ${listPath} (If-None-Match: 304)`, method: 'GET', path: listPath, conditional: true },
    deepPage,
  ];
}

/**
 * The smallest of several stores only gets the deep page read, to set page mode's cost at a small
 * size beside the larger stores'; the others get every read. Checkout runs once, on the smallest of
 * those (10,000 products by default): the orders it places would change every later read's catalogue.
 */
export function plan(sizes: number[]) {
  const sorted = [...sizes].sort((a, b) => a - b);
  const full = sorted.length === 1 ? sorted : sorted.slice(1);
  return {
    reads: (size: number, productSlug: string): Read[] => (full.includes(size) ? fullSet(productSlug) : [deepPage]),
    checkoutSize: full[0]!,
  };
}
