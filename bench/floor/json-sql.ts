import { StoreStatement } from '../../src/platform/database/store-statements.js';

// SQL that makes PostgreSQL write JSON text exactly as JSON.stringify writes Bazaar's answers.
// json_build_object and json_agg put spaces around their colons and commas, and jsonb's text
// has them too; to_json of a row and array_to_json do not, so an object here is a row of named
// columns and a list an aggregated array. Numbers follow the presenters: card money and ratings
// as float8 (PostgreSQL prints the shortest text that reads back, as JavaScript does), GraphQL
// money as a numeric string of two places.

/** A JSON object with these keys in this order. */
export function object(fields: Record<string, string>): string {
  const columns = Object.entries(fields).map(([key, sql]) => `${sql} AS "${key}"`);
  return `(SELECT to_json(_j) FROM (SELECT ${columns.join(', ')}) _j)`;
}

/** A JSON array of `element` over the rows of `from` (a FROM clause and its conditions), in `orderBy`; `[]` for none. */
export function list(element: string, from: string, orderBy: string): string {
  return `coalesce((SELECT array_to_json(array_agg(${element} ORDER BY ${orderBy})) FROM ${from}), '[]'::json)`;
}

/** REST money (`moneyNumber`): a number in the major unit. */
export const moneyNumber = (sql: string) => `round(${sql}, 2)::float8`;

/** GraphQL money (`Money.amount`): a decimal string with two places. */
export const moneyString = (sql: string) => `round(${sql}, 2)::text`;

/** A stored jsonb value in its compact form. json_strip_nulls is PostgreSQL's compact writer; it leaves out keys whose value is null, which the values the floor reads with it (option values, its data's metafields) never hold. */
export const storedJson = (sql: string) => `json_strip_nulls((${sql})::json)`;

/** `cardTimestamp`: `YYYY-MM-DD HH:MM:SS` in UTC. */
export const cardTimestamp = (sql: string) => `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

/** GraphQL's DateTime: `Date.toISOString()`. */
export const isoTimestamp = (sql: string) => `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A Relay global id (`encodeGlobalId`): base64 of `Type:uuid`, without the line breaks PostgreSQL puts in every 76 characters. */
export const globalId = (typename: string, sql: string) => `replace(encode(convert_to('${typename}:' || ${sql}, 'UTF8'), 'base64'), E'\\n', '')`;

/**
 * The text of one of Bazaar's own SQL forms (a store statement without parameters: the pricing
 * rule, the card), so the floor writes what Bazaar's statement writes with the same SQL.
 */
export function sqlText(statement: StoreStatement<unknown>): string {
  const { sql, values } = statement.bind('00000000-0000-0000-0000-000000000000');
  if (values.length) throw new Error('The floor splices only SQL forms without parameters.');
  return sql;
}

/** Floor SQL where one of Bazaar's SQL forms takes a piece of SQL. */
export const sqlOf = (text: string): StoreStatement<unknown> => new StoreStatement([text], []);
