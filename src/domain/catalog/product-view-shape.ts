import type { Category, Product, ProductImage, ProductOption, Variant } from '../../generated/prisma/client.js';
import type { ProductPricing } from '../pricing/product-pricing.js';

// The shape of a loaded product, apart from the loading (product-view.ts), so that the Product
// object (document.ts) and the events that carry it import no module that reaches the context.

export interface LocalizedText {
  title: string;
  excerpt: string | null;
  description: string | null;
}

/** A product with everything a card, a detail page or a merchant record shows. */
export interface ProductView {
  product: Product;
  text: LocalizedText;
  variants: Variant[];
  images: ProductImage[];
  options: ProductOption[];
  category: (Category & { localizedName: string }) | null;
  pricing: ProductPricing;
  /** The metafields this reader may see: all of them for the merchant, the storefront-visible ones for shoppers. */
  metafields: Record<string, unknown>;
}

/** The image a product is shown with: the one marked primary, or the first of its gallery. */
export function primaryImage(images: ProductImage[]): ProductImage | undefined {
  return images.find((i) => i.isPrimary) ?? images[0];
}
