import autocannon from 'autocannon';
import type { Read } from './scenarios.js';
import type { Server } from './servers.js';

export const CONNECTIONS = 32;
const WARM_UP_S = 2;
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

export interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers 503 service_unavailable (checkout: the write queue was full); counted, not failed. */
  unavailable?: number;
  /** The server's CPU time per answer over the measured seconds, in µs: what a read costs, less swayed by the machine's noise than req/s. */
  cpuUsPerRequest?: number;
  /** The server's resident memory right after the measured seconds, in MB: what the read's load makes it hold. */
  rssMb?: number;
}

/** The ETag the server gives the read now, to send back as If-None-Match. */
async function etagOf(url: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(url, { headers });
  const etag = res.headers.get('etag');
  if (res.status !== 200 || !etag) throw new Error(`GET ${url}: ${res.status}, ETag ${etag ?? 'missing'}`);
  return etag;
}

/** Loads one read on one server: a warm-up, then BENCH_SECONDS measured. Any answer but the expected status fails the bench. */
export async function loadRead(server: Pick<Server, 'url' | 'cpuMs' | 'rssMb'>, publicKey: string, read: Read): Promise<Figures> {
  const baseUrl = server.url;
  const url = `${baseUrl}${read.path}`;
  const headers: Record<string, string> = { 'x-client-key': publicKey, 'content-type': 'application/json' };
  if (read.conditional) headers['if-none-match'] = await etagOf(url, headers);
  const expected = read.conditional ? 304 : 200;
  const base = {
    url,
    connections: CONNECTIONS,
    // The embedded engine answers one statement at a time, so at 32 connections its queue is long.
    timeout: 60,
    method: read.method,
    headers,
    body: read.body,
  };
  await autocannon({ ...base, duration: WARM_UP_S });
  const cpuBefore = server.cpuMs();
  const result = await autocannon({ ...base, duration: DURATION_S });
  const cpuUsed = server.cpuMs() - cpuBefore;
  const rssMb = server.rssMb();
  // autocannon counts a 304 as non-2xx, so the statuses are checked one by one.
  const unexpected = Object.entries(result.statusCodeStats ?? {}).filter(([status, stats]) => Number(status) !== expected && stats.count);
  if (unexpected.length || result.errors) {
    const statuses = unexpected.map(([status, stats]) => `${stats.count} × ${status}`).join(', ') || 'none';
    throw new Error(
      `${read.title} at ${baseUrl}: unexpected answers ${statuses}, ${result.errors} errors (${result.timeouts} timeouts), p99 ${result.latency.p99} ms, ${result.requests.total} answered`,
    );
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    ...(result.requests.total ? { cpuUsPerRequest: Math.round((cpuUsed * 1000) / result.requests.total) } : {}),
    ...(rssMb ? { rssMb } : {}),
  };
}

/**
 * Loads one read on each server back to back, `rounds` times, the servers taking turns to go
 * first, so each sees the same noise; each round's figures by server label.
 */
export async function loadInRounds(servers: Server[], publicKey: string, read: Read, rounds: number, products: number): Promise<Record<string, Figures>[]> {
  const figures: Record<string, Figures>[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const measured: Record<string, Figures> = {};
    for (const server of round % 2 ? [...servers].reverse() : servers) measured[server.label] = await loadRead(server, publicKey, read);
    figures.push(measured);
    console.error(
      `${read.title} on ${products} products, round ${round + 1}: ${servers.map((s) => `${s.label} ${measured[s.label]!.requestsPerSecond} req/s`).join(', ')}`,
    );
  }
  return figures;
}
