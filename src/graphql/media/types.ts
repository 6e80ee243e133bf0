import { orderedRenditions } from '../../domain/media/renditions.js';
import { builder } from '../builder.js';
import { ImageRendition } from '../catalog/product-types.js';

/** A file of the store's media library; the GraphQL face of the REST File object. */
export const MediaFile = builder.prismaObject('MediaFile', {
  description: 'A file of the store media library: an image uploaded or downloaded once, served by Bazaar in six renditions.',
  fields: (t) => ({
    pId: t.exposeInt('id', { description: 'The integer file id (REST `id`), `mediaId` of productImageAdd; `id` is the global id.' }),
    uid: t.expose('uid', { type: 'UUID' }),
    url: t.string({ description: 'The original, turned upright and stripped of metadata.', resolve: (file) => orderedRenditions(file.sizes).original.url }),
    filename: t.exposeString('filename', { nullable: true }),
    mimeType: t.exposeString('mimeType'),
    size: t.exposeInt('size', { description: 'Bytes of the original.' }),
    width: t.exposeInt('width'),
    height: t.exposeInt('height'),
    alt: t.exposeString('alt', { nullable: true }),
    renditions: t.field({
      type: [ImageRendition],
      resolve: (file) => Object.entries(orderedRenditions(file.sizes)).map(([name, r]) => ({ name, ...r })),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});
