import type { Product } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { KeysetPage } from '../pagination/keyset-page.js';
import { findMerchantProduct } from './find-product.js';
import { listMerchantProducts, type MerchantProductListInput } from './list-merchant-products.js';
import { loadProductViews } from './product-view.js';
import type { ProductView } from './product-view-shape.js';
import { searchStorefront, type StorefrontSearchInput, type StorefrontSearchPage } from './search-storefront.js';

// What the REST faces answer with: whole product views. GraphQL reads the same lists as rows and
// resolves each field through the same loaders, so only the selected relations are read.

export async function merchantProductViews(ctx: Ctx, input: MerchantProductListInput): Promise<KeysetPage<Product> & { views: ProductView[] }> {
  const page = await listMerchantProducts(ctx, input);
  return { ...page, views: await loadProductViews(ctx, page.rows, null) };
}

export async function storefrontSearchViews(ctx: Ctx, input: StorefrontSearchInput): Promise<StorefrontSearchPage & { views: ProductView[] }> {
  const page = await searchStorefront(ctx, input);
  return { ...page, views: await loadProductViews(ctx, page.rows, page.locale) };
}

export async function merchantProductView(ctx: Ctx, id: string): Promise<ProductView> {
  const [view] = await loadProductViews(ctx, [await findMerchantProduct(ctx, id)], null);
  return view!;
}
