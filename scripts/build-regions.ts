// Writes data/regions/<COUNTRY>.json from the country-state-city package: the states of a country and
// its cities and towns as areas, each with a fixed integer id and its centroid. The written file is
// the data set Bazaar loads (src/platform/regions); shipping zones and saved addresses keep its ids, so
// an existing file is extended (new rows get new ids) and never renumbered.
//
//   npx tsx scripts/build-regions.ts US 840
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { City, State } from 'country-state-city';
import { regionIdBase, type RegionFile } from '../src/platform/regions/region-file.js';

const [country, numeric] = process.argv.slice(2);
if (!country || !/^[A-Z]{2}$/.test(country) || !numeric || !/^\d{1,3}$/.test(numeric)) {
  console.error('usage: tsx scripts/build-regions.ts COUNTRY NUMERIC   (ISO 3166 alpha-2 and numeric codes, e.g. US 840)');
  process.exit(2);
}
const file = path.join('data', 'regions', `${country}.json`);
const previous: RegionFile | null = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RegionFile) : null;
const base = regionIdBase(Number(numeric));
const coordinate = (text: string | null | undefined) => Math.round(Number(text) * 1e6) / 1e6;

const stateIds = new Map(previous?.states.map(([id, , code]) => [code, id]));
let nextState = Math.max(base.state, ...stateIds.values()) + 1;
const states: RegionFile['states'] = State.getStatesOfCountry(country)
  .filter((s) => s.latitude && s.longitude)
  .sort((a, b) => a.isoCode.localeCompare(b.isoCode))
  .map((s) => [stateIds.get(s.isoCode) ?? nextState++, s.name, s.isoCode, coordinate(s.latitude), coordinate(s.longitude)]);
const stateOfCode = new Map(states.map(([id, , code]) => [code, id]));

const areaKey = (stateId: number, name: string) => `${stateId}\u0000${name}`;
const areaIds = new Map(previous?.areas.map(([id, stateId, name]) => [areaKey(stateId, name), id]));
let nextArea = Math.max(base.area, ...areaIds.values()) + 1;
const seen = new Set<string>();
const areas: RegionFile['areas'] = [];
for (const city of City.getCitiesOfCountry(country) ?? []) {
  const stateId = city.stateCode ? stateOfCode.get(city.stateCode) : undefined;
  if (stateId === undefined || !city.latitude || !city.longitude) continue;
  const key = areaKey(stateId, city.name);
  if (seen.has(key)) continue;
  seen.add(key);
  areas.push([0, stateId, city.name, coordinate(city.latitude), coordinate(city.longitude)]);
}
areas.sort((a, b) => a[1] - b[1] || a[2].localeCompare(b[2]));
for (const area of areas) area[0] = areaIds.get(areaKey(area[1], area[2])) ?? nextArea++;

const out: RegionFile = { country, source: 'country-state-city 3.2.1', states, areas };
writeFileSync(
  file,
  `{"country":${JSON.stringify(out.country)},"source":${JSON.stringify(out.source)},\n"states":[\n${states.map((s) => JSON.stringify(s)).join(',\n')}\n],\n"areas":[\n${areas.map((a) => JSON.stringify(a)).join(',\n')}\n]}\n`,
);
console.log(`${file}: ${states.length} states, ${areas.length} areas`);
