import type { Region } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';

/** A point on the map, in degrees. */
export interface Point {
  lat: number;
  lng: number;
}

/** Where a point lies by the region data set; every field null for a point outside every known region. */
export interface PlacedPoint {
  countryCode: string | null;
  state: string | null;
  stateId: number | null;
  /** The data set's areas are cities and towns: `city` and `area` both name the area matched. */
  city: string | null;
  area: string | null;
  areaId: number | null;
}

/**
 * A point takes the nearest area within `areaRadiusKm`, and that area's state. Farther from every
 * area, it still takes the state of the nearest area within `stateRadiusKm` (a town's state says
 * more about a point than a state's centroid does), with no area. Beyond that it is outside every
 * known region (the sea, or a country without a data set) and nothing is derived.
 */
export const placementRules = { areaRadiusKm: 30, stateRadiusKm: 150 } as const;

const earthRadiusKm = 6371;
const kmPerDegree = (Math.PI * earthRadiusKm) / 180;
const radians = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The longitude ranges of a box around a point, split in two where it crosses the antimeridian. */
function longitudeRanges(lng: number, span: number): [number, number][] {
  if (span >= 180) return [[-180, 180]];
  const low = lng - span;
  const high = lng + span;
  if (low < -180)
    return [
      [low + 360, 180],
      [-180, high],
    ];
  if (high > 180)
    return [
      [low, 180],
      [-180, high - 360],
    ];
  return [[low, high]];
}

/** The areas whose centroid lies in a box that holds every point within `radiusKm` (one indexed band of latitude). */
function areasNear(ctx: Ctx, point: Point, radiusKm: number): Promise<Region[]> {
  const latSpan = radiusKm / kmPerDegree;
  const cos = Math.cos(radians(Math.min(89, Math.abs(point.lat) + latSpan)));
  const lngSpan = radiusKm / (kmPerDegree * Math.max(cos, 0.01));
  return ctx.db.region.findMany({
    where: {
      kind: 'area',
      lat: { gte: point.lat - latSpan, lte: point.lat + latSpan },
      OR: longitudeRanges(point.lng, lngSpan).map(([gte, lte]) => ({ lng: { gte, lte } })),
    },
  });
}

function nearest(point: Point, candidates: Region[], radiusKm: number): Region | null {
  let best: Region | null = null;
  let bestKm = radiusKm;
  for (const area of candidates) {
    const km = distanceKm(point, { lat: Number(area.lat), lng: Number(area.lng) });
    // Ties go to the lower id, so the same point always lands in the same area.
    if (km < bestKm || (km === bestKm && best !== null && area.id < best.id)) {
      best = area;
      bestKm = km;
    }
  }
  return best;
}

const nowhere: PlacedPoint = { countryCode: null, state: null, stateId: null, city: null, area: null, areaId: null };

/** Places a point in the region data set by the rules above. */
export async function placePoint(ctx: Ctx, point: Point): Promise<PlacedPoint> {
  const area = nearest(point, await areasNear(ctx, point, placementRules.areaRadiusKm), placementRules.areaRadiusKm);
  const anchor = area ?? nearest(point, await areasNear(ctx, point, placementRules.stateRadiusKm), placementRules.stateRadiusKm);
  if (!anchor?.parentId) return nowhere;
  const state = await ctx.db.region.findUnique({ where: { id: anchor.parentId } });
  if (!state) return nowhere;
  return {
    countryCode: anchor.countryCode,
    state: state.name,
    stateId: state.id,
    city: area?.name ?? null,
    area: area?.name ?? null,
    areaId: area?.id ?? null,
  };
}
