import { scope } from '../../../auth/requirements.js';
import { ingestImage } from '../../../domain/media/ingest-image.js';
import { findFile, listFiles } from '../../../domain/media/list-files.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentFile } from './presenters.js';
import { MERCHANT_PREFIX } from '../routes.js';
import { createFileBody, fileAnswer, fileIdParams, fileListAnswer, fileListQuery } from './schemas.js';

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
      return { body: list('Files', page.rows.map(presentFile), { hasMore: page.hasNextPage, nextCursor: page.nextCursor }) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/files',
    operationId: 'createFile',
    tag: 'Files',
    summary: 'Adds an image to the media library, uploaded (multipart `file`) or downloaded from `url`',
    description:
      'The bytes must be a JPEG, PNG, WebP, GIF or AVIF image (sniffed, whatever the Content-Type says) within the size and pixel caps. The six renditions are made at once and served by Bazaar under /media.',
    auth: scope('merchant-media-create'),
    body: createFileBody,
    answer: fileAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const file = await ingestImage(ctx, body.source, body.field, { alt: body.alt });
      return { status: 201, body: single('File created', presentFile(file)), headers: { location: `${MERCHANT_PREFIX}/files/${file.id}` } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/files/:file',
    operationId: 'getFile',
    tag: 'Files',
    summary: 'A file of the media library by its integer id (the Location of POST /files)',
    auth: scope('merchant-media-read'),
    params: fileIdParams,
    answer: fileAnswer,
    handle: async (ctx, { params }) => ({ body: single('File', presentFile(await findFile(ctx, params.file))) }),
  }),
];
