/** The two reads compared: the REST product list and the GraphQL connection asking for the same fields. */
export const restPath = '/v1/store/products?per_page=50';

export const graphqlQuery = `query Bench {
  products(first: 50) {
    edges {
      node {
        id pId slug title excerpt description type videoUrl featured rating reviewCount createdAt updatedAt
        price { amount currencyCode }
        compareAtPrice { amount }
        priceRange { min { amount } max { amount } }
        hasVariants inStock totalStock
        category { id name slug }
        images { id url alt renditions { name url width height } }
        variants { id title price { amount } inStock quantity }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;
