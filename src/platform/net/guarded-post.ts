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

type Pinned = { address: string; family: 4 | 6 };

/**
 * Connections are kept open between POSTs (a relay sends hundreds a second to the same receivers),
 * in one keep-alive agent per checked address: an agent's own `lookup` answers its address whatever
 * a request asks, so each of its sockets was connected to that address, and a request reaches an
 * agent only after its host was resolved and checked to that very address. A host that comes to
 * resolve elsewhere gets the other address's agent (a fresh connection); one that comes to resolve
 * inward is refused before any agent is asked. Within an agent, sockets are pooled by host, port
 * and TLS name, so a TLS session is only reused for the name its certificate was checked against.
 * An idle socket is closed after `idleMs` (sooner when the receiver's `Keep-Alive` says so); the
 * agents of the `maxAgents` most recently used addresses are kept, an older one's idle sockets
 * closing as they time out.
 */
export const connectionReuse = { idleMs: 4_000, maxAgents: 500 } as const;

const agents = new Map<string, http.Agent>();

function agentFor(url: URL, pinned: Pinned): http.Agent {
  const key = `${url.protocol}${pinned.address}`;
  let agent = agents.get(key);
  if (agent) agents.delete(key);
  else {
    const options = { keepAlive: true, timeout: connectionReuse.idleMs, lookup: pinnedLookup(pinned) };
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    if (agents.size >= connectionReuse.maxAgents) agents.delete(agents.keys().next().value!);
  }
  agents.set(key, agent);
  return agent;
}

/** A kept-alive socket the receiver closed just as it was reused: the request never reached it, so it is sent once more on a new one. */
const staleSocket = (error: unknown) => error instanceof Error && 'code' in error && (error.code === 'ECONNRESET' || error.code === 'EPIPE');

function send(url: URL, pinned: Pinned, body: string, headers: Record<string, string>, limits: PostLimits, signal: AbortSignal, fresh = false) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostAnswer>((resolve, reject) => {
    const req = client.request(url, {
      method: 'POST',
      lookup: pinnedLookup(pinned),
      agent: fresh ? false : agentFor(url, pinned),
      signal,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    let answered = false;
    req.once('error', (error) => {
      if (!answered && req.reusedSocket && staleSocket(error) && !signal.aborted) send(url, pinned, body, headers, limits, signal, true).then(resolve, reject);
      else reject(error);
    });
    req.once('response', (response) => {
      answered = true;
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
 * only (a kept-alive one of that address, see `connectionReuse`). Redirects are not followed (a 3xx
 * is an answer like any other). Refusals, timeouts and connection errors throw `DownloadRefused`
 * with words fit for a log.
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
