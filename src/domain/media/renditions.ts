/**
 * The six renditions every image is served in. Files of the media library have each one rendered
 * (render-renditions.ts) with its real size; an image known only by a bare URL (a store logo) gets
 * `?size=` addresses and the most each rendition will be, its `thumb` a crop of unknown size.
 */
export const renditionNames = ['thumb', 'card', 'card2x', 'view', 'wa', 'original'] as const;
export type RenditionName = (typeof renditionNames)[number];

export interface Rendition {
  url: string;
  w: number | null;
  h: number | null;
}

export type Renditions = Record<RenditionName, Rendition>;

export type ScaledRendition = Exclude<RenditionName, 'thumb' | 'original'>;

/** The width each scaled rendition is made at, or the original's when it is narrower (never scaled up). */
export const renditionWidths: Record<ScaledRendition, number> = { card: 360, card2x: 720, view: 1080, wa: 600 };

/** `thumb` is a centred square crop of this side, or of the shorter side when the image is smaller. */
export const thumbSide = 200;

const widths = renditionWidths;

function renditionUrl(url: string, name: RenditionName): string {
  return `${url}${url.includes('?') ? '&' : '?'}size=${name}`;
}

/**
 * Renditions of an image, in the documented order. With the original's size known, each but `thumb`
 * is scaled to its width and never up; with it unknown (a store logo given as a bare URL) the width is the
 * most the rendition will be, and its height is left open.
 */
export function renditionsOf(url: string, width: number | null, height: number | null): Renditions {
  const scaled = (name: keyof typeof widths): Rendition => {
    const target = widths[name];
    if (!width || !height) return { url: renditionUrl(url, name), w: target, h: null };
    const w = Math.min(target, width);
    return { url: renditionUrl(url, name), w, h: Math.round((height * w) / width) };
  };
  return {
    thumb: { url: renditionUrl(url, 'thumb'), w: null, h: null },
    card: scaled('card'),
    card2x: scaled('card2x'),
    view: scaled('view'),
    wa: scaled('wa'),
    original: { url, w: width, h: height },
  };
}

/**
 * Stored renditions as every face shows them: in the documented key order (JSONB does not keep the
 * order they were written in), and `thumb` without a size (storefront spec: "`w`/`h` are null for
 * `thumb`"), although a library file knows the size of its crop.
 */
export function orderedRenditions(stored: unknown): Renditions {
  const map = stored as Renditions;
  const shown = (name: RenditionName): Rendition => (name === 'thumb' ? { url: map.thumb.url, w: null, h: null } : map[name]);
  return Object.fromEntries(renditionNames.map((name) => [name, shown(name)])) as Renditions;
}
