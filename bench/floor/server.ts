// The one-statement floor (issue 25): a plain node:http server on node-postgres that answers the
// bench's uncached catalogue reads with the very bytes Bazaar sends, each with ONE SQL statement
// in which PostgreSQL writes the JSON (statements.ts). It is what a server with nothing between
// the socket and the database costs, so "Bazaar with the cache off / floor" is how much Bazaar's
// framework, domain and presenters add. It is a floor, not a server:
// - each public key it is given is resolved to its store once, at start-up; a request then costs
//   a map lookup, where Bazaar checks the key's expiry, revocation and store on every request;
// - it answers the primary locale only, no query parameter but per_page, manual collections by
//   slug, and exactly the bench's GraphQL document (bench/scenarios.ts `graphqlQuery`);
// - anything else is a 404 or a 400 with a body of its own, never Bazaar's.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { withoutJit } from '../../src/platform/database/connection-settings.js';
import { graphqlQuery } from '../scenarios.js';
import { answerOf, collectionProducts, graphqlProducts, productList, productPage, type FloorRow, type FloorStatement } from './statements.js';

export interface FloorOptions {
  databaseUrl: string;
  /** The public keys it answers. */
  keys: string[];
  port?: number;
  host?: string;
  /** The cursors' signing secret: BAZAAR_SECRET, else the one Bazaar keeps in the database. */
  secret?: string;
  /** The request's clock, as Bazaar's `clock`. */
  clock?: () => number;
  /** Connections, as Bazaar's DATABASE_POOL_SIZE (default 10). */
  poolSize?: number;
}

export interface Floor {
  url: string;
  /** SQL statements the reads have run so far (start-up's not counted). */
  statementCount(): number;
  close(): Promise<void>;
}

interface Call {
  statement: FloorStatement;
  /** Parameters after the store ($1) and the clock ($2). */
  params: unknown[];
}

/** The bench's page size of the GraphQL document. */
const GRAPHQL_FIRST = 50;

/** `per_page` as Bazaar's list routes take it: a whole number within the route's bounds, `fallback` when absent; null when refused. */
function pageSize(query: URLSearchParams, max: number, fallback = 20): number | null {
  if ([...query.keys()].some((name) => name !== 'per_page')) return null;
  const raw = query.get('per_page');
  if (raw === null) return fallback;
  const size = Number(raw);
  return /^\d+$/.test(raw) && size >= 1 && size <= max ? size : null;
}

/** The statement a GET answers with, or null. */
function routeGet(url: URL): Call | null {
  const parts = url.pathname.split('/');
  if (url.pathname === '/v1/store/products') {
    const size = pageSize(url.searchParams, 100);
    return size === null ? null : { statement: productList, params: [size] };
  }
  if (parts.length === 6 && url.pathname.startsWith('/v1/store/collections/') && parts[5] === 'products') {
    const size = pageSize(url.searchParams, 50);
    return size === null ? null : { statement: collectionProducts, params: [size, decodeURIComponent(parts[4]!)] };
  }
  if (parts.length === 5 && url.pathname.startsWith('/v1/store/products/') && !url.search) {
    return { statement: productPage, params: [decodeURIComponent(parts[4]!)] };
  }
  return null;
}

/** The bench's GraphQL document, and nothing else. */
function routeGraphql(body: string): Call | null {
  try {
    const request = JSON.parse(body) as { query?: unknown; variables?: unknown; operationName?: unknown };
    const plain = request.variables == null && request.operationName == null;
    return request.query === graphqlQuery && plain ? { statement: graphqlProducts, params: [GRAPHQL_FIRST] } : null;
  } catch {
    return null;
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
}

async function signingSecret(pool: pg.Pool, given: string | undefined): Promise<string> {
  if (given) return given;
  const { rows } = await pool.query<{ value: string }>(`SELECT value FROM "ServerSetting" WHERE key = 'signing_secret'`);
  if (!rows[0]) throw new Error('the floor signs cursors with Bazaar’s secret: start Bazaar on this database first, or set BAZAAR_SECRET');
  return rows[0].value;
}

/** Each live public key's store. */
async function storesOfKeys(pool: pg.Pool, keys: string[]): Promise<Map<string, string>> {
  const hashes = keys.map((key) => createHash('sha256').update(key).digest('hex'));
  const { rows } = await pool.query<{ secretHash: string; storeId: string }>(
    `SELECT "secretHash", "storeId" FROM "ApiKey" WHERE "secretHash" = ANY($1::text[]) AND kind = 'public' AND "revokedAt" IS NULL`,
    [hashes],
  );
  const storeOfHash = new Map(rows.map((row) => [row.secretHash.trim(), row.storeId]));
  const stores = new Map<string, string>();
  keys.forEach((key, i) => {
    const storeId = storeOfHash.get(hashes[i]!);
    if (!storeId) throw new Error(`the floor was given a key that is no live public key: ${key.slice(0, 12)}…`);
    stores.set(key, storeId);
  });
  return stores;
}

export async function startFloor(options: FloorOptions): Promise<Floor> {
  // Bazaar's connections run without JIT; the floor's too, so the two plan alike.
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, onConnect: withoutJit });
  // An idle connection the database drops is an event, not a crash: the pool opens another for the next statement.
  pool.on('error', (error) => console.error(`floor: an idle connection failed: ${error.message}`));
  let statements = 0;
  const query = <Row extends pg.QueryResultRow>(config: pg.QueryConfig) => {
    statements += 1;
    return pool.query<Row>(config);
  };
  const clock = options.clock ?? Date.now;
  let secret: string;
  let stores: Map<string, string>;
  try {
    [secret, stores] = await Promise.all([signingSecret(pool, options.secret), storesOfKeys(pool, options.keys)]);
  } catch (error) {
    await pool.end();
    throw error;
  }

  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://floor');
    if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, '{"status":"ok"}');
    const storeId = stores.get(String(req.headers['x-client-key'] ?? ''));
    if (!storeId) return send(res, 401, '{"floor":"a public key the floor was started with"}');
    const call = req.method === 'GET' ? routeGet(url) : req.method === 'POST' && url.pathname === '/graphql' ? routeGraphql(await readBody(req)) : null;
    if (!call) return send(res, 404, '{"floor":"not a read the floor answers"}');
    const now = clock();
    const { statement, params } = call;
    const { rows } = await query<FloorRow>({ name: statement.name, text: statement.text, values: [storeId, new Date(now).toISOString(), ...params] });
    const row = rows[0];
    if (!row || row.head === null) return send(res, 404, '{"floor":"not found"}');
    send(res, 200, answerOf(statement, row, storeId, secret, now));
  };

  const server = http.createServer((req, res) => {
    answer(req, res).catch((error: Error) => {
      console.error(`floor: ${req.method} ${req.url}: ${error.message}`);
      if (!res.headersSent) send(res, 500, '{"floor":"failed"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    statementCount: () => statements,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
