/** The six renditions every image is served in; `thumb` is a fixed crop, so it has no width or height. */
export const renditionNames = ['thumb', 'card', 'card2x', 'view', 'wa', 'original'] as const;
export type RenditionName = (typeof renditionNames)[number];

export interface Rendition {
  url: string;
  w: number | null;
  h: number | null;
}

export type Renditions = Record<RenditionName, Rendition>;

const widths: Record<Exclude<RenditionName, 'thumb' | 'original'>, number> = { card: 360, card2x: 720, view: 1080, wa: 600 };

function sized(url: string, name: string, w: number | null, h: number | null): Rendition {
  const separator = url.includes('?') ? '&' : '?';
  return { url: `${url}${separator}size=${name}`, w, h };
}

/** Renditions of an image of the given size, scaled to each width and never up. */
export function renditionsOf(url: string, width: number | null, height: number | null): Renditions {
  const scaled = (target: number): [number | null, number | null] => {
    if (!width || !height) return [target, null];
    const w = Math.min(target, width);
    return [w, Math.round((height * w) / width)];
  };
  const out = { thumb: sized(url, 'thumb', null, null), original: { url, w: width, h: height } } as Renditions;
  for (const [name, target] of Object.entries(widths) as [keyof typeof widths, number][]) {
    const [w, h] = scaled(target);
    out[name] = sized(url, name, w, h);
  }
  return out;
}

/** Stored renditions in the documented key order (JSONB does not keep the order they were written in). */
export function orderedRenditions(stored: unknown): Renditions {
  const map = stored as Renditions;
  return Object.fromEntries(renditionNames.map((name) => [name, map[name]])) as Renditions;
}
