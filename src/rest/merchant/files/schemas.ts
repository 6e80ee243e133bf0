import { z } from 'zod';
import { fileListLimits } from '../../../domain/media/list-files.js';
import type { ImageSource, ImageUpload } from '../../../domain/media/ingest-image.js';
import { cursorParam, integerParam, textParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, renditionsSchema, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';

/** A multipart file part (the request kit turns each into an ImageUpload). */
export const imageFilePart = z
  .custom<ImageUpload>((v) => typeof v === 'object' && v !== null && Buffer.isBuffer((v as ImageUpload).data), {
    error: 'must be a file part of a multipart/form-data body',
  })
  .meta({ override: { type: 'string', format: 'binary' }, description: 'The image, as a file part of a multipart/form-data body.' });

/** A public http(s) address the server downloads the image from, behind its SSRF guard. */
export const imageUrlField = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(2048, { error: 'must be at most 2048 characters' })
  .meta({
    description:
      'A public http or https address; the server downloads the image into the store files (never hot-links it). Internal addresses, more than 3 redirects, non-images and files over the size cap are refused.',
  });

export const altField = textParam(512).meta({ description: 'Alternative text for people who cannot see the image.' });

/** Exactly one of the named image sources; answers it with the wire field it came in. */
export function oneImageSource<T extends { file?: ImageUpload; url?: string; media_id?: number }>(names: (keyof T & string)[]) {
  return (body: T, issues: z.RefinementCtx) => {
    const given = names.filter((name) => body[name] !== undefined);
    if (given.length === 1) return;
    const message = `send exactly one of ${names.join(', ')}`;
    issues.addIssue({ code: 'custom', path: [given[1] ?? names[0]!], message });
  };
}

export function sourceOf(body: { file?: ImageUpload; url?: string; media_id?: number }): { source: ImageSource; field: string } {
  if (body.file) return { source: { upload: body.file }, field: 'file' };
  if (body.media_id !== undefined) return { source: { fileId: body.media_id }, field: 'media_id' };
  return { source: { url: body.url! }, field: 'url' };
}

export const createFileBody = z
  .object({ file: imageFilePart.optional(), url: imageUrlField.optional(), alt: altField })
  .superRefine(oneImageSource(['file', 'url']))
  .transform((body) => ({ ...sourceOf(body), alt: body.alt ?? null }));

export const fileListQuery = z
  .looseObject({
    limit: integerParam(1, fileListLimits.maxPageSize).meta({ description: `Page size, default ${fileListLimits.defaultPageSize}.` }),
    starting_after: cursorParam,
  })
  .transform((q) => ({ size: q.limit ?? fileListLimits.defaultPageSize, after: q.starting_after }));

export const mediaFile = z
  .strictObject({
    id: z.int().meta({ description: 'The file id; `media_id` of POST /products/{product}/images.' }),
    uid: uuid,
    url: z.string().meta({ description: 'The original, served by Bazaar: turned upright, metadata stripped, in the uploaded format.' }),
    filename: z.string().nullable(),
    mime_type: z.string(),
    size: z.int().meta({ description: 'Bytes of the original.' }),
    width: z.int(),
    height: z.int(),
    alt: z.string().nullable(),
    variants: renditionsSchema,
    created_at: isoTimestamp,
  })
  .meta({ id: 'MerchantFile', description: 'A file of the store media library.' });

export const fileAnswer = singleAnswer(mediaFile);
export const fileListAnswer = listAnswer(mediaFile);
