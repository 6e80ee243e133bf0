import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const compressors = {
  // Quality 6 takes half a second on the 5 MB GraphiQL bundle; quality 11 takes ten, for 12 % fewer bytes.
  br: (bytes: Buffer) =>
    promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes: Buffer) => promisify(gzip)(bytes, { level: 9 }),
};
type Encoding = keyof typeof compressors;

export interface StaticAsset {
  /** The file name without its hash, such as `graphiql.js`. */
  name: string;
  type: string;
  body: string | Buffer;
}

/** Brotli when the caller takes it at least as gladly as gzip, then gzip, else none. */
function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (token) weights.set(token, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (token: string) => weights.get(token) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : null;
}

function hashedName(asset: StaticAsset, bytes: Buffer) {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const dot = asset.name.lastIndexOf('.');
  return dot < 0 ? `${asset.name}.${hash}` : `${asset.name.slice(0, dot)}.${hash}${asset.name.slice(dot)}`;
}

/** What `hashedName` makes: a name, a 16-hex-digit hash, and the extension if any. */
const HASHED_NAME = /^[\w.-]+\.[0-9a-f]{16}(\.\w+)?$/;

export interface StaticAssets {
  /** The URL path of each asset, by name; the first call loads the assets. */
  urls(): Promise<Record<string, string>>;
  /** Declares the asset route in a scope, under whatever hooks and error handler it has. */
  routes(scope: FastifyInstance): void;
}

interface Served {
  asset: StaticAsset;
  bytes: Buffer;
  url: string;
  encoded: Map<Encoding, Promise<Buffer>>;
}

/**
 * Serves each asset from memory at a URL under `prefix` carrying its content hash, so it can be
 * cached for a year as immutable: a new version is a new URL. Text assets leave brotli- or
 * gzip-compressed, each encoding compressed once, on first demand, off the event loop. The assets
 * are loaded (`load`) on the first request that needs them, not at start: GraphiQL's are about
 * 40 MB of a process's memory once imported, which a server that only answers the API never needs.
 */
export function staticAssets(prefix: string, load: () => Promise<StaticAsset[]>): StaticAssets {
  let loaded: Promise<Map<string, Served>> | undefined;
  const byFile = (assets: StaticAsset[]) =>
    new Map(
      assets.map((asset) => {
        const bytes = Buffer.isBuffer(asset.body) ? asset.body : Buffer.from(asset.body, 'utf8');
        const file = hashedName(asset, bytes);
        return [file, { asset, bytes, url: `${prefix}/${file}`, encoded: new Map<Encoding, Promise<Buffer>>() }];
      }),
    );
  // A failed load is not kept: the next request that needs the assets tries again.
  const served = () =>
    (loaded ??= load().then(byFile, (error: unknown) => {
      loaded = undefined;
      throw error;
    }));
  return {
    async urls() {
      return Object.fromEntries([...(await served()).values()].map(({ asset, url }) => [asset.name, url]));
    },
    routes(scope) {
      // Compressed here, once per encoding, rather than per request by the compression plugin.
      scope.get<{ Params: { file: string } }>(`${prefix}/:file`, { compress: false }, async (request, reply) => {
        // Only a name of the hashed shape loads the assets: a scanner's guesses under the prefix answer 404 and load nothing.
        const found = HASHED_NAME.test(request.params.file) ? (await served()).get(request.params.file) : undefined;
        if (!found) return reply.callNotFound();
        const { asset, bytes, encoded } = found;
        reply.type(asset.type).header('cache-control', 'public, max-age=31536000, immutable');
        if (!/^(text\/|application\/(javascript|json))/.test(asset.type)) return reply.send(bytes);
        reply.header('vary', 'accept-encoding');
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        if (!encoding) return reply.send(bytes);
        if (!encoded.has(encoding)) encoded.set(encoding, compressors[encoding](bytes));
        return reply.header('content-encoding', encoding).send(await encoded.get(encoding)!);
      });
    },
  };
}
