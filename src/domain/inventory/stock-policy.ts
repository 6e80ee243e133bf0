/**
 * The one stock policy. A stock item is a variant, or a product sold as itself (no active
 * variant), which never takes backorders. Cart validation, checkout's stock reservation, inventory
 * adjustments and the storefront's stock flags all ask these functions, so a line the cart accepts
 * is one checkout can take, and a flag never promises what checkout refuses.
 */
export interface StockTerms {
  trackInventory: boolean;
  stock: number;
  /** Variants only: the item keeps selling past zero. */
  isBackorder?: boolean;
}

/** Whether selling the item moves its level: only while it tracks inventory. */
export function countsStock(item: Pick<StockTerms, 'trackInventory'>): boolean {
  return item.trackInventory;
}

/** Whether its level may go below zero, by a sale or by an adjustment: only a variant that takes backorders. */
export function mayGoBelowZero(item: { isBackorder?: boolean }): boolean {
  return item.isBackorder === true;
}

/** Units a shopper may buy now: unbounded when the item counts no stock or takes backorders, otherwise what is on hand. */
export function saleableUnits(item: StockTerms): number {
  if (!countsStock(item) || mayGoBelowZero(item)) return Number.POSITIVE_INFINITY;
  return Math.max(item.stock, 0);
}

/** The storefront's stock flag: at least one unit can be sold now. */
export function inStock(item: StockTerms): boolean {
  return saleableUnits(item) > 0;
}

/** Units on hand as a shopper is told them; null when the item counts no stock (it never runs out). */
export function shownQuantity(item: StockTerms): number | null {
  return countsStock(item) ? item.stock : null;
}
