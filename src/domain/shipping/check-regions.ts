import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';

interface ZoneRegions {
  countries: string[];
  stateIds: number[];
  areaIds: number[];
}

type RegionRow = { id: number; kind: string; parentId: number | null; countryCode: string };

/**
 * The zone's regions must exist in the data set and nest: a state is a `state` row and an area an
 * `area` row; with countries listed, each state and area lies in one of them; with states listed,
 * each area lies in one of them. A zone reaches only its most specific level, so a coarser level
 * that did not contain the finer one would say something the zone never does. Every bad id is
 * named (`stateIds.2`) in one 422, for one query whatever the lists' lengths.
 */
export async function checkZoneRegions(ctx: Ctx, zone: ZoneRegions): Promise<void> {
  const ids = [...zone.stateIds, ...zone.areaIds];
  if (!ids.length) return;
  const rows = await ctx.db.region.findMany({ where: { id: { in: ids } }, select: { id: true, kind: true, parentId: true, countryCode: true } });
  const byId = new Map<number, RegionRow>(rows.map((r) => [r.id, r]));
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const outsideCountries = (row: RegionRow) => zone.countries.length > 0 && !zone.countries.includes(row.countryCode);

  zone.stateIds.forEach((id, index) => {
    const row = byId.get(id);
    if (row?.kind !== 'state') fail(`stateIds.${index}`, `${id} names no state of the region data set`);
    else if (outsideCountries(row)) fail(`stateIds.${index}`, `${id} lies in ${row.countryCode}, which is not among the zone's countries`);
  });
  zone.areaIds.forEach((id, index) => {
    const row = byId.get(id);
    if (row?.kind !== 'area') fail(`areaIds.${index}`, `${id} names no area of the region data set`);
    else if (outsideCountries(row)) fail(`areaIds.${index}`, `${id} lies in ${row.countryCode}, which is not among the zone's countries`);
    else if (zone.stateIds.length > 0 && !zone.stateIds.includes(row.parentId ?? -1)) {
      fail(`areaIds.${index}`, `${id} lies in state ${row.parentId}, which is not among the zone's states`);
    }
  });
  if (Object.keys(errors).length) throw ApiError.validation(errors);
}
