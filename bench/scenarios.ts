/** The reads compared: the REST product list, a collection page of 50 cards with discounts applied, and GraphQL asking for the same fields. */
export const restPath = '/v1/store/products?per_page=50';

/** The seeded "Featured" collection: 60 products, 3 pinned, in the merchant's order, priced with the store's live discounts. */
export const collectionRestPath = '/v1/store/collections/featured/products?per_page=50';

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

export const graphqlQuery = `query Bench {
  products(first: 50) {
    edges { node { ${productFields} } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const collectionGraphqlQuery = `query BenchCollection {
  collection(slug: "featured") {
    products(first: 50) {
      edges { node { ${productFields} } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;
