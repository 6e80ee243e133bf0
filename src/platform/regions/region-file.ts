import { z } from 'zod';

/**
 * A region data set: one country's states and areas (cities and towns), each with a fixed integer id
 * and a centroid. Saved addresses and shipping zones keep these ids, so a file is only ever extended.
 * `states` rows are `[id, name, code, lat, lng]`; `areas` rows are `[id, stateId, name, lat, lng]`.
 */
export interface RegionFile {
  country: string;
  source: string;
  states: [id: number, name: string, code: string, lat: number, lng: number][];
  areas: [id: number, stateId: number, name: string, lat: number, lng: number][];
}

/**
 * Ids of the shipped data sets: the country's ISO 3166 numeric code times a million, states from
 * +1, areas from +1,001, so the data sets of several countries never collide (US: 840000001…).
 */
export function regionIdBase(numericCountryCode: number) {
  const base = numericCountryCode * 1_000_000;
  return { state: base, area: base + 1_000 };
}

const id = z.int().min(1).max(2_147_483_647);
const lat = z.number().min(-90).max(90);
const lng = z.number().min(-180).max(180);
const name = z.string().trim().min(1).max(200);

export const regionFileSchema = z
  .strictObject({
    country: z.string().regex(/^[A-Z]{2}$/),
    source: z.string().max(200),
    states: z.array(z.tuple([id, name, z.string().max(10), lat, lng])).min(1),
    areas: z.array(z.tuple([id, id, name, lat, lng])),
  })
  .superRefine((file, ctx) => {
    const stateIds = new Set(file.states.map((s) => s[0]));
    const ids = new Set<number>();
    for (const [i, [rowId]] of [...file.states, ...file.areas].entries()) {
      if (ids.has(rowId)) ctx.addIssue({ code: 'custom', message: `id ${rowId} is used twice`, path: ['row', i] });
      ids.add(rowId);
    }
    file.areas.forEach(([, stateId], i) => {
      if (!stateIds.has(stateId)) ctx.addIssue({ code: 'custom', message: `names state ${stateId}, which the file does not list`, path: ['areas', i] });
    });
  });
