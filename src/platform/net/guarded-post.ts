import http from 'node:http';
import https from 'node:https';
import { checkedAddress, DownloadRefused, parseTarget, pinnedLookup, type ResolveHost } from './guarded-download.js';

export interface PostLimits {
  timeoutMs: number;
  /** The answer's body is kept up to this many bytes, the rest read and dropped. */
  keepBytes: number;
  /** Exact `host:port` pairs exempt from the address check, as for downloads. */
  allow: readonly string[];
  resolve?: ResolveHost;
}

export interface PostAnswer {
  status: number;
  /** The first `keepBytes` of the body, as text. */
  body: string;
}

function send(url: URL, pinned: { address: string; family: 4 | 6 }, body: string, headers: Record<string, string>, limits: PostLimits, signal: AbortSignal) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostAnswer>((resolve, reject) => {
    const req = client.request(url, {
      method: 'POST',
      lookup: pinnedLookup(pinned),
      agent: false,
      signal,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    req.once('error', reject);
    req.once('response', (response) => {
      const kept: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < limits.keepBytes) kept.push(chunk.subarray(0, limits.keepBytes - size));
        size += chunk.length;
      });
      response.once('error', reject);
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(kept).toString('utf8') }));
    });
    req.end(body);
  });
}

/**
 * POSTs a body to an address behind the same SSRF guard as downloads (guarded-download.ts): the
 * URL parsed, its host resolved once and checked, and the connection made to the checked address
 * only. Redirects are not followed (a 3xx is an answer like any other). Refusals, timeouts and
 * connection errors throw `DownloadRefused` with words fit for a log.
 */
export async function guardedPost(rawUrl: string, body: string, headers: Record<string, string>, limits: PostLimits): Promise<PostAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    const url = parseTarget(rawUrl);
    return await send(url, await checkedAddress(url, limits), body, headers, limits, controller.signal);
  } catch (error) {
    if (error instanceof DownloadRefused) throw error;
    if (controller.signal.aborted) throw new DownloadRefused(`timed out after ${limits.timeoutMs / 1000} s`);
    throw new DownloadRefused(`the connection failed (${error instanceof Error && 'code' in error ? String(error.code) : 'no answer'})`);
  } finally {
    clearTimeout(timer);
  }
}
