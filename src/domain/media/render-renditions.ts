import type { Metadata, Sharp } from 'sharp';
import { loadSharp } from '../../platform/images/load-sharp.js';
import { renditionWidths, thumbSide, type RenditionName, type ScaledRendition } from './renditions.js';

/** The formats the library accepts, sniffed from the bytes; SVG is not among them (it can carry script). */
const acceptedFormats = {
  jpeg: { mimeType: 'image/jpeg', ext: 'jpg' },
  png: { mimeType: 'image/png', ext: 'png' },
  webp: { mimeType: 'image/webp', ext: 'webp' },
  gif: { mimeType: 'image/gif', ext: 'gif' },
  avif: { mimeType: 'image/avif', ext: 'avif' },
} as const;
type AcceptedFormat = keyof typeof acceptedFormats;

export const mediaTypeOfExtension: Record<string, string> = Object.fromEntries(Object.values(acceptedFormats).map(({ ext, mimeType }) => [ext, mimeType]));

/** The format of each rendition but `original`, which keeps the uploaded one. */
const renditionFormats: Record<Exclude<RenditionName, 'original'>, AcceptedFormat> = {
  thumb: 'webp',
  card: 'webp',
  card2x: 'webp',
  view: 'webp',
  wa: 'jpeg',
};

/** The file extension a rendition is stored with; null for `original`, whose extension is the upload's format's. */
export function renditionExtension(name: RenditionName): string | null {
  return name === 'original' ? null : acceptedFormats[renditionFormats[name]].ext;
}

export interface RenderedFile {
  name: RenditionName;
  data: Buffer;
  ext: string;
  mimeType: string;
  width: number;
  height: number;
}

/** Why bytes were not taken as an image, in words fit for a field error. */
export class ImageRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ImageRefused';
  }
}

const notAnImage = 'is not an image (JPEG, PNG, WebP, GIF or AVIF)';

async function sniff(bytes: Buffer, maxPixels: number): Promise<{ format: AcceptedFormat; width: number; height: number }> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new ImageRefused(notAnImage);
  }
  if (!meta.format || !(meta.format in acceptedFormats) || !meta.width || !meta.height) throw new ImageRefused(notAnImage);
  if (meta.width * meta.height > maxPixels) throw new ImageRefused(`has more than ${maxPixels.toLocaleString('en-US')} pixels`);
  // EXIF orientations 5 to 8 turn the picture a quarter, so its upright size has the sides swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  return { format: meta.format as AcceptedFormat, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
}

async function output(name: RenditionName, pipeline: Sharp, format: AcceptedFormat): Promise<RenderedFile> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { name, data, ...acceptedFormats[format], width: info.width, height: info.height };
}

function encode(pipeline: Sharp, format: AcceptedFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 90 });
    case 'png':
      return pipeline.png();
    case 'webp':
      return pipeline.webp({ quality: 90 });
    case 'gif':
      return pipeline.gif();
    case 'avif':
      return pipeline.avif();
  }
}

/**
 * Checks that `bytes` are an image, whatever the sender called them, and renders the six renditions:
 * each turned upright per its EXIF orientation and stripped of metadata (sharp writes none unless
 * asked), never scaled up. `original` keeps the uploaded format at full size; `thumb`, `card`,
 * `card2x` and `view` are WebP; `wa` is a JPEG, the format chat apps preview.
 */
export async function renderRenditions(bytes: Buffer, limits: { maxPixels: number }): Promise<RenderedFile[]> {
  const { format, width, height } = await sniff(bytes, limits.maxPixels);
  const sharp = await loadSharp();
  const upright = () => sharp(bytes, { limitInputPixels: limits.maxPixels }).rotate();
  const side = Math.min(thumbSide, width, height);
  const scaled = (name: ScaledRendition) => upright().resize({ width: Math.min(renditionWidths[name], width) });
  try {
    return await Promise.all([
      output('thumb', upright().resize({ width: side, height: side, fit: 'cover' }).webp({ quality: 80 }), renditionFormats.thumb),
      output('card', scaled('card').webp({ quality: 80 }), renditionFormats.card),
      output('card2x', scaled('card2x').webp({ quality: 80 }), renditionFormats.card2x),
      output('view', scaled('view').webp({ quality: 82 }), renditionFormats.view),
      output('wa', scaled('wa').flatten({ background: '#ffffff' }).jpeg({ quality: 82 }), renditionFormats.wa),
      output('original', encode(upright(), format), format),
    ]);
  } catch {
    // The header was readable but the picture is not (truncated or corrupt data).
    throw new ImageRefused(`${notAnImage}, or it is damaged`);
  }
}
