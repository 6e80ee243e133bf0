/** What GraphiQL opens with: runnable operations against the demo store. */
export function exampleOperations(): string {
  return `# Bazaar GraphQL. The Headers tab carries the demo store's public key.
# Merchant fields need a private key: put the one \`npm start\` printed in the X-Client-Key header.

query Shop {
  shop { name currencyCode isOpen locales { code name isPrimary } }
}

query Products($after: String) {
  products(first: 12, after: $after, sort: LATEST) {
    edges {
      node {
        slug title
        price { amount currencyCode }
        compareAtPrice { amount }
        inStock
        category { name }
        images { url renditions { name url width } }
        variants { title price { amount } inStock }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}

query FrenchCatalogue {
  products(first: 5, locale: "fr", filter: { keyword: "lin" }) {
    edges { node { title price { amount } } }
  }
}

query MerchantProducts {
  merchant {
    products(first: 10, sortBy: UPDATED_AT, sortOrder: DESC) {
      edges { node { pId title status stock price { amount } } }
    }
  }
}
`;
}
