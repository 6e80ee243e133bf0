import { jsonObject, storedJson } from '../../platform/database/json-sql.js';
import { storeSql, type StoreStatement } from '../../platform/database/store-statements.js';

type Sql = StoreStatement<unknown>;

/**
 * `orderedRenditions` (renditions.ts) of an image row's `sizes`, as JSON: the documented order,
 * `thumb` without a size, the others as stored; null without an image (`id` null).
 */
export function renditionsJson(image: { id: Sql; sizes: Sql }): Sql {
  const { id, sizes } = image;
  const renditions = jsonObject({
    thumb: jsonObject({ url: storeSql`${sizes}->'thumb'->>'url'`, w: storeSql`NULL::int`, h: storeSql`NULL::int` }),
    card: storedJson(storeSql`${sizes}->'card'`),
    card2x: storedJson(storeSql`${sizes}->'card2x'`),
    view: storedJson(storeSql`${sizes}->'view'`),
    wa: storedJson(storeSql`${sizes}->'wa'`),
    original: storedJson(storeSql`${sizes}->'original'`),
  });
  return storeSql`CASE WHEN ${id} IS NULL THEN NULL ELSE ${renditions} END`;
}
