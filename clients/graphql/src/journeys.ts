import type { BazaarClient } from './client.js';
import {
  AddToCartDocument,
  BrowseProductsDocument,
  CheckoutDocument,
  MerchantOrdersDocument,
  MyCartDocument,
  MyOrdersDocument,
  ProductPageDocument,
  RegisterDocument,
  ShopDocument,
  SignInDocument,
  type CheckoutInput,
  type RegisterWithPasswordInput,
} from './generated/graphql.js';

// The common journeys, each a few typed calls. Every mutation answers userErrors (the REST error
// codes, with the input field they name) instead of failing the request: check them.

interface UserErrors {
  userErrors: { field?: string | null; code: string; message: string }[];
}

function withoutUserErrors<T extends UserErrors>(payload: T): T {
  if (payload.userErrors.length) throw new Error(payload.userErrors.map((e) => `${e.field ?? ''} ${e.code}: ${e.message}`.trim()).join('; '));
  return payload;
}

/** The store, a page of products a shopper can buy now, and the page of one of them. */
export async function browse(client: BazaarClient, pick: (slugs: string[]) => string | undefined = (slugs) => slugs[0]) {
  const { shop } = await client.request(ShopDocument, {});
  const { products } = await client.request(BrowseProductsDocument, { first: 12, filter: { inStock: true } });
  const slug = pick(products.edges.map((edge) => edge.node.slug));
  if (!slug) throw new Error(`${shop.name} has no product in stock`);
  const { product } = await client.request(ProductPageDocument, { slug });
  if (!product) throw new Error(`no product ${slug}`);
  return { shop, products: products.edges.map((edge) => edge.node), product };
}

/** Adds a product by its slug, as its page names it; a product sold by variant gets its first variant in stock. */
export async function addToCart(client: BazaarClient, slug: string, quantity = 1) {
  const added = withoutUserErrors((await client.request(AddToCartDocument, { input: { productId: slug, quantity } })).cartItemAdd);
  if (added.cart) return added.cart;
  const variant = added.choices?.variants.find((v) => v.inStock);
  if (!variant) throw new Error(`${slug}: no variant in stock`);
  const chosen = withoutUserErrors((await client.request(AddToCartDocument, { input: { productId: slug, variantId: variant.id, quantity } })).cartItemAdd);
  if (!chosen.cart) throw new Error(`${slug}: not added`);
  return chosen.cart;
}

export async function myCart(client: BazaarClient) {
  return (await client.request(MyCartDocument, {})).cart;
}

/** A new account; the client's X-Cart-Session cart comes along to it. */
export async function register(client: BazaarClient, input: RegisterWithPasswordInput) {
  const { session } = withoutUserErrors((await client.request(RegisterDocument, { input })).registerWithPassword);
  if (!session) throw new Error('no session');
  return session;
}

export async function signIn(client: BazaarClient, email: string, password: string) {
  const { session } = withoutUserErrors((await client.request(SignInDocument, { input: { email, password } })).loginWithPassword);
  if (!session) throw new Error('no session');
  return session;
}

/** The caller's cart becomes an order. */
export async function checkout(client: BazaarClient, input: CheckoutInput) {
  const { order, created } = withoutUserErrors((await client.request(CheckoutDocument, { input })).checkoutComplete);
  if (!order) throw new Error('no order');
  return { order, created };
}

export async function myOrders(client: BazaarClient) {
  return (await client.request(MyOrdersDocument, { first: 10 })).customer.orders?.edges.map((edge) => edge.node) ?? [];
}

/** The store's newest orders, or with `updatedAfter` the ones changed since (a private key with merchant-orders-read). */
export async function merchantOrders(merchant: BazaarClient, updatedAfter?: Date) {
  return (await merchant.request(MerchantOrdersDocument, { first: 20, updatedAfter })).merchant.orders.edges.map((edge) => edge.node);
}
