import { orderedRenditions, type Renditions } from '../media/renditions.js';

/** A review's picture: a file of the store's library, copied there when the review was written or imported. */
export interface ReviewMedia {
  /** The library file's uuid. */
  id: string;
  url: string;
  variants: Renditions;
}

/** The stored `media` column as every face shows it. */
export function reviewMediaOf(stored: unknown): ReviewMedia[] {
  if (!Array.isArray(stored)) return [];
  return stored.map((m: { id: string; url: string; sizes: unknown }) => ({ id: m.id, url: m.url, variants: orderedRenditions(m.sizes) }));
}
