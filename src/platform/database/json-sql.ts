import { StoreStatement, storeSql, type SqlPart } from './store-statements.js';

// Store statements (store-statements.ts) in which PostgreSQL writes JSON text exactly as
// JSON.stringify writes Bazaar's answers. json_build_object and json_agg put spaces around their
// colons and commas, and jsonb's text has them too; to_json of a row and array_to_json do not, so
// an object here is a row of named columns and a list an aggregated array. Numbers follow the
// presenters: REST money and ratings as float8 (PostgreSQL prints the shortest text that reads
// back, as JavaScript does).

/** JSON keys as the answers spell them; checked, since a key is written into the statement's text. */
const jsonKey = /^[a-z][a-z0-9_]*$/;

/** A statement of `strings` around `values`, for the composers below: the text is theirs, never a caller's. */
const composed = (strings: string[], values: SqlPart[]): SqlPart => new StoreStatement(strings, values);

/** A JSON object with these keys in this order. */
export function jsonObject(fields: Record<string, SqlPart>): SqlPart {
  const keys = Object.keys(fields);
  for (const key of keys) if (!jsonKey.test(key)) throw new Error(`"${key}" is no JSON key a statement may write.`);
  const strings = ['(SELECT to_json(_j) FROM (SELECT ', ...keys.map((key, i) => ` AS "${key}"${i < keys.length - 1 ? ', ' : ') _j)'}`)];
  return composed(strings, Object.values(fields));
}

/**
 * The text of `jsonObject(before)` without its closing brace, then `,"key":`, for a value the
 * process writes itself; `jsonObjectRest(after)` closes it.
 */
export function jsonObjectUpTo(before: Record<string, SqlPart>, key: string): SqlPart {
  if (!jsonKey.test(key)) throw new Error(`"${key}" is no JSON key a statement may write.`);
  return composed(['left((', `)::text, -1) || ',"${key}":'`], [jsonObject(before)]);
}

/** The rest of an object `jsonObjectUpTo` opened: `,` and the text of `jsonObject(after)` without its opening brace. */
export const jsonObjectRest = (after: Record<string, SqlPart>): SqlPart => storeSql`',' || substr((${jsonObject(after)})::text, 2)`;

/** A JSON array of `element` over the rows of `from` (a FROM clause and its conditions), in `orderBy`; `[]` for none. */
export function jsonList(element: SqlPart, from: SqlPart, orderBy: SqlPart): SqlPart {
  return storeSql`coalesce((SELECT array_to_json(array_agg(${element} ORDER BY ${orderBy})) FROM ${from}), '[]'::json)`;
}

/** REST money (`moneyNumber`): a number in the major unit. */
export const moneyNumber = (value: SqlPart): SqlPart => storeSql`round(${value}, 2)::float8`;

/** `cardTimestamp`: `YYYY-MM-DD HH:MM:SS` in UTC. */
export const cardTimestamp = (value: SqlPart): SqlPart => storeSql`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;
