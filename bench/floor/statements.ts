// The floor's four reads, one SQL statement each. PostgreSQL writes the whole answer but the
// signed cursor: a statement answers the JSON before the cursor (`head`), after it (`tail`), and
// the sort key of the row the cursor names (`cursor_key`, null for no cursor), and the floor signs
// that key with Bazaar's own encodeCursor. A null `head` means nothing matched (a 404).
import { encodeCursor, type CursorBinding, type SortValue } from '../../src/domain/pagination/cursor.js';
import { cardContextJoins, restCard, restDetail, restDiscount } from './card-sql.js';
import { isoTimestamp, list, object } from './json-sql.js';
import { graphqlDiscount, graphqlNode } from './node-sql.js';
import { cardImageJoins, discountJoins, pricingJoins, shopperVisible, storeFacts } from './shown-sql.js';

export interface FloorRow {
  head: string | null;
  tail: string;
  cursor_key: string | null;
  /** The collection read only: the collection's id, which its cursor binds. */
  collection_id?: string | null;
}

export interface FloorStatement {
  /** The prepared statement's name: each connection plans it once. */
  name: string;
  text: string;
  /** The cursor's binding (cursor.ts) for the store and the row; none for an answer without a cursor. */
  binding?(storeId: string, row: FloorRow): CursorBinding;
}

/** The latest-first catalogue list's cursor key (`catalogSorts.latest`): created at, then pId. */
const latestKey = (p: string) => `json_build_array(${isoTimestamp(`${p}."createdAt"`)}, ${p}."pId")`;
const latestOrder = (p: string) => `${p}."createdAt" DESC, ${p}."pId" DESC`;

/** The binding of the catalogue list in its default sort without filters, REST and GraphQL alike (list-catalog-products.ts). */
const catalogBinding = (storeId: string): CursorBinding => ({
  list: 'catalog.products',
  storeId,
  filters: { keyword: undefined, category: undefined, has_video: undefined, in_stock: undefined, sort: 'latest' },
});

/** What a REST card reads beside its product row `p`. */
const restCardJoins = `CROSS JOIN shop ${pricingJoins} ${discountJoins(restDiscount)} ${cardImageJoins} ${cardContextJoins}`;

/** GET /v1/store/products?per_page=$3: page mode's first page, latest first, with its totals. $1 store, $2 clock. */
export const productList: FloorStatement = {
  name: 'floor-product-list',
  text: `
    WITH ${storeFacts},
    page AS (SELECT * FROM "Product" p WHERE ${shopperVisible('p')} ORDER BY ${latestOrder('p')} LIMIT $3::int),
    total AS (SELECT count(*)::int AS n, greatest(1, (count(*)::int + $3::int - 1) / $3::int) AS last_page FROM "Product" p WHERE ${shopperVisible('p')})
    SELECT
      '{"status":"success","message":"Products","data":'
        || ${list(restCard, `page p ${restCardJoins}`, latestOrder('p'))}::text
        || ',"has_more":' || (total.last_page > 1)::text || ',"next_cursor":' AS head,
      ',"meta":{"pagination":' || ${object({ current_page: '1', last_page: 'total.last_page', per_page: '$3::int', total: 'total.n' })}::text || '}}' AS tail,
      CASE WHEN total.last_page > 1 THEN (SELECT ${latestKey('p')} FROM page p ORDER BY p."createdAt", p."pId" LIMIT 1)::text END AS cursor_key
    FROM total`,
  binding: catalogBinding,
};

/**
 * GET /v1/store/collections/$4/products?per_page=$3 of a manual collection by slug, in the
 * merchant's order (`merchantOrder`'s one run: pins, then positions, then pId), one row more than
 * the page to tell whether more follow. A smart collection answers nothing here.
 */
export const collectionProducts: FloorStatement = {
  name: 'floor-collection-products',
  text: `
    WITH ${storeFacts},
    coll AS (SELECT id FROM "Collection" WHERE "storeId" = $1::uuid AND slug = $4 AND mode = 'manual'),
    placed AS (
      SELECT p.*, cp."pinnedAt" AS pinned_at, cp.position AS placed_at
      FROM "CollectionProduct" cp JOIN "Product" p ON p.id = cp."productId"
      WHERE cp."storeId" = $1::uuid AND cp."collectionId" = (SELECT id FROM coll) AND ${shopperVisible('p')}
      ORDER BY cp."pinnedAt" NULLS LAST, cp.position, p."pId"
      LIMIT $3::int + 1
    ),
    page AS (SELECT * FROM placed ORDER BY pinned_at NULLS LAST, placed_at, "pId" LIMIT $3::int),
    more AS (SELECT count(*) > $3::int AS has_more FROM placed)
    SELECT
      (SELECT id FROM coll) AS collection_id,
      CASE WHEN EXISTS (SELECT FROM coll) THEN
        '{"status":"success","message":"Collection products","data":'
          || ${list(restCard, `page p ${restCardJoins}`, 'p.pinned_at NULLS LAST, p.placed_at, p."pId"')}::text
          || ',"has_more":' || more.has_more::text || ',"next_cursor":'
      END AS head,
      '}' AS tail,
      CASE WHEN more.has_more THEN (SELECT json_build_array(0, p.pinned_at, p.placed_at, p."pId") FROM page p ORDER BY p.pinned_at DESC NULLS FIRST, p.placed_at DESC, p."pId" DESC LIMIT 1)::text END AS cursor_key
    FROM more`,
  binding: (storeId, row) => ({
    list: 'collection.products',
    storeId,
    filters: { collection: row.collection_id, sort: 'merchant', keyword: undefined, in_stock: undefined, attributes: [] },
  }),
};

/** GET /v1/store/products/$3: a shopper-visible product's page. */
export const productPage: FloorStatement = {
  name: 'floor-product-page',
  text: `
    WITH ${storeFacts},
    found AS (SELECT * FROM "Product" p WHERE ${shopperVisible('p')} AND p.slug = $3 LIMIT 1)
    SELECT
      '{"status":"success","message":"Product","data":' || (SELECT ${restDetail} FROM found p ${restCardJoins})::text || '}' AS head,
      '' AS tail,
      NULL AS cursor_key`,
};

/** GraphQL products(first: $3), the bench's document: the keyset walk's first page, one row more to tell whether more follow. */
export const graphqlProducts: FloorStatement = {
  name: 'floor-graphql-products',
  text: `
    WITH ${storeFacts},
    fetched AS (SELECT * FROM "Product" p WHERE ${shopperVisible('p')} ORDER BY ${latestOrder('p')} LIMIT $3::int + 1),
    page AS (SELECT * FROM fetched p ORDER BY ${latestOrder('p')} LIMIT $3::int),
    more AS (SELECT count(*) > $3::int AS has_more FROM fetched)
    SELECT
      '{"data":{"products":{"edges":'
        || ${list(object({ node: graphqlNode('p') }), `page p CROSS JOIN shop ${pricingJoins} ${discountJoins(graphqlDiscount)}`, latestOrder('p'))}::text
        || ',"pageInfo":{"hasNextPage":' || more.has_more::text || ',"endCursor":' AS head,
      '}}}}' AS tail,
      (SELECT ${latestKey('p')} FROM page p ORDER BY p."createdAt", p."pId" LIMIT 1)::text AS cursor_key
    FROM more`,
  binding: catalogBinding,
};

/** The answer's text: the statement's JSON with the cursor signed as Bazaar signs it. */
export function answerOf(statement: FloorStatement, row: FloorRow, storeId: string, secret: string, now: number): string {
  if (!statement.binding) return `${row.head}${row.tail}`;
  const key = row.cursor_key === null ? null : (JSON.parse(row.cursor_key) as SortValue[]);
  const cursor = key === null ? 'null' : JSON.stringify(encodeCursor(secret, statement.binding(storeId, row), key, now));
  return `${row.head}${cursor}${row.tail}`;
}
