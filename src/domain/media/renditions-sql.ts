import { jsonObject } from '../../platform/database/json-sql.js';
import { storeSql, type SqlPart } from '../../platform/database/store-statements.js';

/** A stored rendition (`{url, w, h}`) as the process reads it back from jsonb: its keys in jsonb's order, a size it lacks null. */
const stored = (rendition: SqlPart) => jsonObject({ h: storeSql`${rendition}->'h'`, w: storeSql`${rendition}->'w'`, url: storeSql`${rendition}->'url'` });

/**
 * `orderedRenditions` (renditions.ts) of an image row's `sizes`, as JSON: the documented order,
 * `thumb` without a size, the others as stored; null without an image (`id` null).
 */
export function renditionsJson(image: { id: SqlPart; sizes: SqlPart }): SqlPart {
  const { id, sizes } = image;
  const renditions = jsonObject({
    thumb: jsonObject({ url: storeSql`${sizes}->'thumb'->>'url'`, w: storeSql`NULL::int`, h: storeSql`NULL::int` }),
    card: stored(storeSql`${sizes}->'card'`),
    card2x: stored(storeSql`${sizes}->'card2x'`),
    view: stored(storeSql`${sizes}->'view'`),
    wa: stored(storeSql`${sizes}->'wa'`),
    original: stored(storeSql`${sizes}->'original'`),
  });
  return storeSql`CASE WHEN ${id} IS NULL THEN NULL ELSE ${renditions} END`;
}
