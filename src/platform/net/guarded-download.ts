import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress, normalizedAddress } from './address-policy.js';

/** Resolves a host name to every address it has, as `dns.lookup` with `all: true` does. */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface DownloadLimits {
  maxBytes: number;
  /** For the whole download, every redirect included. */
  timeoutMs: number;
  maxRedirects: number;
  /** Exact `host:port` pairs exempt from the address check (tests' local servers); every other check still applies. */
  allow: readonly string[];
  /** How host names are resolved; the system resolver unless a caller passes its own. */
  resolve?: ResolveHost;
}

export interface Downloaded {
  data: Buffer;
  /** The address the bytes finally came from, after redirects. */
  url: string;
  contentType: string | undefined;
}

/** Why a download was refused, in words fit for a field error. */
export class DownloadRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DownloadRefused';
  }
}

const systemResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export function describeBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes`;
}

/** An http(s) URL without credentials, or refused; the first check of every outgoing call (downloads, webhooks). */
export function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DownloadRefused('is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DownloadRefused('must be an http or https URL');
  if (url.username || url.password) throw new DownloadRefused('must not carry a user name or password');
  return url;
}

/**
 * The one address this hop may connect to. The host is resolved once; if any of its addresses is
 * internal the URL is refused (a name with one public and one private address is not trusted).
 */
export async function checkedAddress(url: URL, limits: Pick<DownloadLimits, 'allow' | 'resolve'>): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const allowed = limits.allow.includes(`${url.hostname}:${port}`.toLowerCase());
  let addresses: { address: string }[];
  if (isIP(host)) addresses = [{ address: host }];
  else {
    try {
      addresses = await (limits.resolve ?? systemResolve)(host);
    } catch {
      throw new DownloadRefused(`has a host name that does not resolve (${host})`);
    }
    if (!addresses.length) throw new DownloadRefused(`has a host name that does not resolve (${host})`);
  }
  if (!allowed && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new DownloadRefused('resolves to a private, loopback or otherwise internal address');
  }
  return normalizedAddress(addresses[0]!.address);
}

/** A lookup that always answers the checked address, so a second DNS answer (a rebind) cannot move the connection. */
export function pinnedLookup(pinned: { address: string; family: 4 | 6 }): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function request(url: URL, pinned: { address: string; family: 4 | 6 }, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      // TLS still checks the certificate against the URL's host name (SNI and Host stay the original host).
      lookup: pinnedLookup(pinned),
      agent: false,
      signal,
      headers: { accept: 'image/*', 'user-agent': 'Bazaar-media-fetcher' },
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new DownloadRefused(`is larger than ${describeBytes(maxBytes)}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new DownloadRefused(`is larger than ${describeBytes(maxBytes)}`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

async function follow(raw: string, limits: DownloadLimits, signal: AbortSignal): Promise<Downloaded> {
  let url = parseTarget(raw);
  for (let redirects = 0; ; redirects += 1) {
    const response = await request(url, await checkedAddress(url, limits), signal);
    const status = response.statusCode ?? 0;
    if (redirectStatuses.has(status) && response.headers.location) {
      response.destroy();
      if (redirects >= limits.maxRedirects) throw new DownloadRefused(`was refused: too many redirects (more than ${limits.maxRedirects})`);
      let next: string;
      try {
        next = new URL(response.headers.location, url).href;
      } catch {
        throw new DownloadRefused('redirects to an address that is not a valid URL');
      }
      url = parseTarget(next);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new DownloadRefused(`could not be downloaded: the server answered HTTP ${status}`);
    }
    return { data: await readCapped(response, limits.maxBytes), url: url.href, contentType: response.headers['content-type'] };
  }
}

/**
 * Downloads a public http(s) resource for the media library, guarded against server-side request
 * forgery: every hop (the first and each of at most `maxRedirects` redirects) is parsed, resolved
 * once, checked against the address policy and connected to the checked address only; the body is
 * cut off past `maxBytes`; the whole download is abandoned after `timeoutMs`.
 */
export async function guardedDownload(url: string, limits: DownloadLimits): Promise<Downloaded> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    return await follow(url, limits, controller.signal);
  } catch (error) {
    if (error instanceof DownloadRefused) throw error;
    if (controller.signal.aborted) throw new DownloadRefused(`timed out after ${limits.timeoutMs / 1000} s`);
    throw new DownloadRefused('could not be downloaded: the connection failed');
  } finally {
    clearTimeout(timer);
  }
}
