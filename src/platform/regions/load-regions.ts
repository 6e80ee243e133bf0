import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../database/database.js';
import { projectRoot } from '../package-info.js';
import { regionFileSchema, type RegionFile } from './region-file.js';

/** The data sets Bazaar ships (data/regions/*.json): at least the demo store's country. */
export function shippedRegionFiles(): string[] {
  const dir = path.join(projectRoot(), 'data', 'regions');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** The country a shipped data set is for, by its name: data/regions/US.json holds the US. */
const countryOfFile = (file: string) => path.basename(file, '.json');

function parseRegionFile(file: string, text: string): RegionFile {
  const parsed = regionFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file} is not a region data set: ${issue.path.join('.')} ${issue.message}`);
  }
  if (parsed.data.country !== countryOfFile(file)) throw new Error(`${file} holds the regions of ${parsed.data.country}; name it ${parsed.data.country}.json`);
  return parsed.data;
}

type RegionRow = { id: number; countryCode: string; kind: string; parentId: number | null; name: string; lat: number; lng: number };

function rowsOf(file: RegionFile): RegionRow[] {
  return [
    ...file.states.map(([id, name, , lat, lng]) => ({ id, countryCode: file.country, kind: 'state', parentId: null, name, lat, lng })),
    ...file.areas.map(([id, stateId, name, lat, lng]) => ({ id, countryCode: file.country, kind: 'area', parentId: stateId, name, lat, lng })),
  ];
}

const chunkSize = 2_000;

/**
 * Loads a region data set: rows it adds are inserted, rows whose name, parent or centroid changed
 * are updated, and nothing is deleted (an address or a shipping zone may still name it). A set
 * already loaded with the same bytes is skipped after one read and a hash, before the file is even
 * validated, so every start can call this.
 * Concurrent loaders insert with ON CONFLICT DO NOTHING and agree on the result.
 */
export async function loadRegionFile(db: Db, file: string): Promise<{ country: string; inserted: number; updated: number; skipped: boolean }> {
  const text = readFileSync(file, 'utf8');
  const checksum = createHash('sha256').update(text).digest('hex');
  const settingKey = `regions:${countryOfFile(file)}`;
  const loaded = await db.serverSetting.findUnique({ where: { key: settingKey } });
  if (loaded?.value === checksum) return { country: countryOfFile(file), inserted: 0, updated: 0, skipped: true };
  const data = parseRegionFile(file, text);

  const rows = rowsOf(data);
  const existing = new Map((await db.region.findMany({ where: { countryCode: data.country } })).map((r) => [r.id, r] as const));
  const fresh = rows.filter((r) => !existing.has(r.id));
  let inserted = 0;
  for (let i = 0; i < fresh.length; i += chunkSize) {
    inserted += (await db.region.createMany({ data: fresh.slice(i, i + chunkSize), skipDuplicates: true })).count;
  }
  const changed = rows.filter((r) => {
    const old = existing.get(r.id);
    return old && (old.name !== r.name || old.parentId !== r.parentId || old.kind !== r.kind || Number(old.lat) !== r.lat || Number(old.lng) !== r.lng);
  });
  for (const { id, ...fields } of changed) await db.region.update({ where: { id }, data: fields });
  await db.serverSetting.upsert({ where: { key: settingKey }, create: { key: settingKey, value: checksum }, update: { value: checksum } });
  return { country: data.country, inserted, updated: changed.length, skipped: false };
}

/** Every shipped data set; called at start, after the migrations. */
export async function loadShippedRegions(db: Db): Promise<Awaited<ReturnType<typeof loadRegionFile>>[]> {
  const results = [];
  for (const file of shippedRegionFiles()) results.push(await loadRegionFile(db, file));
  return results;
}
