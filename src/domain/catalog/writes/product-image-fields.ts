import { z } from 'zod';
import type { ImageSource } from '../../media/ingest-image.js';
import { nullableText, requiredText, wholeNumber } from '../../../platform/validation/body-fields.js';

/** One image of a product write, as the media library ingests it, with its alt text. */
export interface ProductImageInput {
  source: ImageSource;
  alt?: string | null;
}

export const maxImagesPerCreate = 20;

const url = requiredText(2048);
const alt = nullableText(512).optional();
const upload = z.object({ filename: z.string(), mimetype: z.string(), data: z.instanceof(Buffer) });

/**
 * One image: a URL (text, or `{url, alt}`), a file of the store's media library (`{<mediaKey>, alt}`,
 * the integer id GET /files answers), or an uploaded file (a multipart file part).
 */
export function imageItem(mediaKey: 'mediaId' | 'media_id') {
  const fromLibrary = z.strictObject({ [mediaKey]: wholeNumber(1, 2_147_483_647), alt }) as z.ZodType<Record<string, unknown>>;
  return z.unknown().transform((value, ctx): ProductImageInput => {
    if (typeof value === 'string') return check(url, value, ctx, (v) => ({ source: { url: v } }));
    if (upload.safeParse(value).success) return { source: { upload: upload.parse(value) } };
    if (value !== null && typeof value === 'object' && mediaKey in value) {
      return check(fromLibrary, value, ctx, (v) => ({ source: { fileId: v[mediaKey] as number }, alt: v.alt as string | null | undefined }));
    }
    if (value !== null && typeof value === 'object' && 'url' in value) {
      return check(z.strictObject({ url, alt }), value, ctx, (v) => ({ source: { url: v.url }, alt: v.alt }));
    }
    ctx.addIssue({ code: 'custom', message: `must be a URL, {url, alt}, {${mediaKey}, alt} or an uploaded file` });
    return z.NEVER;
  });
}

/** Parses `value` with `schema`, handing its issues (with their paths) to the outer parse. */
function check<S extends z.ZodType, R>(schema: S, value: unknown, ctx: z.RefinementCtx, build: (parsed: z.output<S>) => R): R {
  const result = schema.safeParse(value);
  if (result.success) return build(result.data);
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as PropertyKey[] });
  return z.NEVER;
}

export function imageListOf<S extends z.ZodType>(item: S) {
  return z.array(item, { error: 'must be a list of images' }).max(maxImagesPerCreate, { error: `must list at most ${maxImagesPerCreate} images` });
}

export const imageUrlInput = url;
