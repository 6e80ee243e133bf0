import { scope } from '../../../auth/requirements.js';
import { ingestImage } from '../../../domain/media/ingest-image.js';
import { listFiles } from '../../../domain/media/list-files.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentFile } from './presenters.js';
import { createFileBody, fileAnswer, fileListAnswer, fileListQuery } from './schemas.js';

export const fileRoutes = [
  defineRoute({
    method: 'GET',
    url: '/files',
    operationId: 'listFiles',
    tag: 'Files',
    summary: "The store's media library, newest file first",
    auth: scope('merchant-media-read'),
    query: fileListQuery,
    answer: fileListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listFiles(ctx, query);
      return { body: list('Files', page.rows.map(presentFile), page) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/files',
    operationId: 'createFile',
    tag: 'Files',
    summary: 'Adds an image to the media library, uploaded (multipart `file`) or downloaded from `url`',
    description:
      'The bytes must be a JPEG, PNG, WebP, GIF or AVIF image (sniffed, whatever the Content-Type says) within the size and pixel caps. The six renditions are made at once and served by Bazaar under /media; Location is the address of the original.',
    auth: scope('merchant-media-create'),
    body: createFileBody,
    uploads: true,
    answer: fileAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const file = await ingestImage(ctx, body.source, body.field, { alt: body.alt });
      const presented = presentFile(file);
      return { status: 201, body: single('File created', presented), headers: { location: presented.url } };
    },
  }),
];
