import type { MediaFile as MediaFileRow } from '../../generated/prisma/client.js';
import { fileListLimits, listFiles } from '../../domain/media/list-files.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { MediaFile } from './types.js';

builder.objectFields(Merchant, (t) => ({
  files: t.connection({
    type: MediaFile,
    ...merchantScope('merchant-media-read'),
    description: 'The store media library, newest file first (GET /files).',
    resolve: async (_m, args, { ctx }) =>
      connectionOf<MediaFileRow>(await listFiles(ctx, windowOf(args, fileListLimits.maxPageSize, fileListLimits.defaultPageSize))),
  }),
}));
