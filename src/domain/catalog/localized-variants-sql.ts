import { storeSql, type SqlPart } from '../../platform/database/store-statements.js';
import { byTranslation, translationJoin } from '../translations/translation-sql.js';

// `localizedOptions` (localized-variants.ts) in SQL, for a product row `p` and the request's
// locale `req.locale` (shown-json.ts; null for the primary locale, which nothing translates into).
// test/rest/storefront/products/detail-sql.test.ts holds the two forms to the same bytes. Options
// are numbered by position and then name in the database's collation, where the TypeScript form
// breaks a tie of positions with localeCompare: the two differ only for options sharing a position.
// Each part has two forms, built once (translation-sql.ts): another locale's looks the translations
// up; the primary locale's, which nothing translates into, names no translation and looks nothing
// up, so its statement is small enough for PostgreSQL to plan it cheaply. A product's options and
// variants are read by its id, as the card reads its images: the product row is the store's
// (shown-json.ts), and so is every row that names it.

/** `text(fields, key)`: the translated field when it is a non-empty string, else null. */
const translatedText = (fields: SqlPart, key: SqlPart): SqlPart =>
  storeSql`CASE WHEN jsonb_typeof(${fields}->(${key})) = 'string' THEN nullif(${fields}->>(${key}), '') END`;

/** The translation (`tv`) of a variant `v` into the request's locale. */
const variantTranslation = (translated: boolean) => translationJoin(translated, 'tv', 'variant', storeSql`v.id`);

/** The translation of option number `k`'s name (`option{k}_name`) or of a variant's value of it (`option{k}_value`). */
const optionKey = (k: SqlPart, part: 'name' | 'value') => (part === 'name' ? storeSql`'option' || ${k} || '_name'` : storeSql`'option' || ${k} || '_value'`);

/** An option `po`'s name in another locale than the primary: the first translation of it among the product's variants in their order, or its own name. */
const translatedOptionName = storeSql`coalesce((
    SELECT ${translatedText(storeSql`tv.fields`, optionKey(storeSql`po.k`, 'name'))}
    FROM "Variant" v JOIN ${variantTranslation(true)}
    WHERE v."productId" = p.id AND ${translatedText(storeSql`tv.fields`, optionKey(storeSql`po.k`, 'name'))} IS NOT NULL
    ORDER BY v.position, v."pId" LIMIT 1
  ), po.name)`;

/**
 * The product's options, each with `k`, its number (option1 first), and `local_name`, its name in
 * the locale (its own in the primary one).
 */
const localizedOptionRows = (translated: boolean) => storeSql`(
  SELECT po.name, po.position, po.values, po.k, ${translated ? translatedOptionName : storeSql`po.name`} AS local_name
  FROM (
    SELECT po.*, row_number() OVER (ORDER BY po.position, po.name) AS k
    FROM "ProductOption" po WHERE po."productId" = p.id
  ) po
)`;

/**
 * An option `lo`'s value `s.value` in another locale than the primary: the first translation of it
 * among the variants that have that value, in their order, or the value itself.
 */
const translatedValue = storeSql`coalesce((
  SELECT ${translatedText(storeSql`tv.fields`, optionKey(storeSql`lo.k`, 'value'))}
  FROM "Variant" v JOIN ${variantTranslation(true)}
  WHERE v."productId" = p.id
    AND jsonb_typeof(v."optionValues"->lo.name) = 'string' AND v."optionValues"->>lo.name = s.value
    AND ${translatedText(storeSql`tv.fields`, optionKey(storeSql`lo.k`, 'value'))} IS NOT NULL
  ORDER BY v.position, v."pId" LIMIT 1
), s.value)`;

/** The product's options in their order (position, then name), each as `lo`, its values in the locale as `local_values` (text[]). */
export const localizedOptionsSql = byTranslation(
  (translated) => storeSql`(
  SELECT lo.*, (SELECT array_agg(${translated ? translatedValue : storeSql`s.value`} ORDER BY s.n) FROM unnest(lo.values) WITH ORDINALITY AS s(value, n)) AS local_values
  FROM ${localizedOptionRows(translated)} lo
)`,
);

/** The variants of the product in the locale: the rows `v`, each with its translation `tv` (left joined). */
export const localizedVariantsFrom = byTranslation((translated) => storeSql`"Variant" v LEFT JOIN ${variantTranslation(translated)}`);

/** A variant `v`'s title in the locale. */
export const localizedVariantTitle = storeSql`coalesce(${translatedText(storeSql`tv.fields`, storeSql`'title'`)}, v.title)`;

/** Whether a JSON key is an array index, which JavaScript puts first in an object, in numeric order (the others follow: nulls sort last). */
const arrayIndex = (key: SqlPart) => storeSql`(${key} ~ '^(0|[1-9][0-9]{0,9})$' AND ${key}::bigint < 4294967295)`;

/**
 * The JSON text JSON.stringify writes of an object of `rows` (`name`; `value`, its value's JSON
 * text; `n`, its place), in JavaScript's key order: array indexes first, then by place.
 */
const objectInKeyOrder = (rows: SqlPart): SqlPart => storeSql`coalesce((
  SELECT '{' || string_agg(to_json(x.name)::text || ':' || x.value, ',' ORDER BY ${keyOrder(storeSql`x.name`)}, x.n) || '}'
  FROM (${rows}) x
), '{}')::json`;

/** JavaScript's order of an object's keys: array indexes first, in numeric order (the others' null sorts last). */
const keyOrder = (key: SqlPart) => storeSql`CASE WHEN ${arrayIndex(key)} THEN ${key}::bigint END`;

/**
 * A variant `v`'s option values as the process reads them back, each with its place in
 * JavaScript's order of the stored object; a value's JSON text is jsonb's, which is
 * JSON.stringify's for the text values the writes allow (product-fields.ts).
 */
const storedValues = storeSql`
  SELECT e.key AS name, e.value::text AS value, row_number() OVER (ORDER BY ${keyOrder(storeSql`e.key`)}, e.n) AS n
  FROM jsonb_each(v."optionValues") WITH ORDINALITY AS e(key, value, n)`;

/**
 * A variant `v`'s option values in the locale, as the JSON text JSON.stringify writes of the object
 * `localizedOptions` builds from the stored one, key by key in its order: each option named in the
 * locale, each value the variant's own translation of it or the value itself; keys in JavaScript's
 * order; a name two options share in the locale once, where the first stood, with the last value.
 * In the primary locale, the values as stored.
 */
export const localizedOptionValuesJson = byTranslation((translated) =>
  translated
    ? objectInKeyOrder(storeSql`
  SELECT e.name, min(e.n) AS n, (array_agg(e.value ORDER BY e.n DESC))[1] AS value
  FROM (
    SELECT coalesce(lo.local_name, e.name) AS name, e.n,
      coalesce(to_json(${translatedText(storeSql`tv.fields`, optionKey(storeSql`lo.k`, 'value'))})::text, e.value) AS value
    FROM (${storedValues}) e
    LEFT JOIN ${localizedOptionRows(true)} lo ON lo.name = e.name
  ) e
  GROUP BY e.name`)
    : objectInKeyOrder(storedValues),
);
