import { loadSharp } from '../platform/images/load-sharp.js';
import { createRandom, mixSeed } from './prng.js';

/** How many artworks a seeded store shares among its products: enough variety, rendered once per store. */
export const artworkPoolSize = 24;

/** Picture shapes of a catalogue: square, portrait and landscape. */
const frames: [number, number][] = [
  [960, 960],
  [960, 1200],
  [1200, 960],
  [864, 1080],
];

export interface Artwork {
  filename: string;
  data: Buffer;
}

function svgOf(index: number, width: number, height: number): string {
  const random = createRandom(mixSeed(0xa27, index));
  const hue = (index * 360) / artworkPoolSize;
  const second = (hue + random.int(30, 90)) % 360;
  const r = Math.round(Math.min(width, height) * (0.22 + random.next() * 0.12));
  const cx = Math.round(width * (0.35 + random.next() * 0.3));
  const cy = Math.round(height * (0.35 + random.next() * 0.3));
  const shape =
    index % 3 === 0
      ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${second} 70% 85%)" fill-opacity="0.85"/>`
      : index % 3 === 1
        ? `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" rx="${Math.round(r / 4)}" fill="hsl(${second} 65% 80%)" fill-opacity="0.85" transform="rotate(${random.int(0, 45)} ${cx} ${cy})"/>`
        : `<polygon points="${cx},${cy - r} ${cx + r},${cy + r} ${cx - r},${cy + r}" fill="hsl(${second} 60% 82%)" fill-opacity="0.85"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue} 55% 45%)"/><stop offset="1" stop-color="hsl(${second} 60% 30%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  ${shape}
  <circle cx="${width - cx}" cy="${height - cy}" r="${Math.round(r / 3)}" fill="hsl(${hue} 80% 92%)" fill-opacity="0.6"/>
</svg>`;
}

/**
 * Placeholder product artwork number `index`: a gradient and a shape in colours of its own,
 * rendered by sharp from SVG into a JPEG. The same index always gives the same picture.
 */
export async function renderArtwork(index: number): Promise<Artwork> {
  const [width, height] = frames[index % frames.length]!;
  const sharp = await loadSharp();
  const data = await sharp(Buffer.from(svgOf(index, width, height)))
    .jpeg({ quality: 85 })
    .toBuffer();
  return { filename: `seed-artwork-${String(index + 1).padStart(2, '0')}.jpg`, data };
}

/** A brand picture for a demo store: a wide banner or a square logo, drawn like the artworks. */
export async function renderBrandArt(kind: 'logo' | 'banner'): Promise<Artwork> {
  const [width, height] = kind === 'logo' ? [512, 512] : [1600, 600];
  const sharp = await loadSharp();
  const data = await sharp(Buffer.from(svgOf(kind === 'logo' ? 5 : 17, width, height)))
    .png()
    .toBuffer();
  return { filename: `${kind}.png`, data };
}
