import type { Ctx } from '../context.js';
import { ingestImage } from '../media/ingest-image.js';
import { orderedRenditions } from '../media/renditions.js';

/**
 * Brings an offer's image into the store's media library (the SSRF-guarded download product
 * images use) and answers the address of its original, which Bazaar serves itself. Run it before
 * the transaction: downloads are slow and must hold no lock. A refusal is a 422 on `field`.
 */
export async function ingestOfferImage(ctx: Ctx, url: string | undefined, field: string): Promise<string | null> {
  if (url === undefined) return null;
  const file = await ingestImage(ctx, { url }, field);
  return orderedRenditions(file.sizes).original.url;
}
