import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../src/platform/database/database.js';
import { webhookRelay, type WebhookRelay } from '../../src/webhooks/relay.js';
import { pino } from 'pino';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Which secrets, of those the test knows, signed it. */
  signedBy: string[];
}

/**
 * A receiver on loopback, as the README's few lines verify: the signature header's `t` and each
 * `v1` checked against `t.body` under every secret the test registered.
 */
export interface Receiver {
  url: string;
  hostPort: string;
  received: Received[];
  secrets: Set<string>;
  /** The status to answer each request with (200 unless set). */
  answer: (request: Received) => number;
  /** The body to answer with (`seen <event id>` unless set). */
  reply: (request: Received) => string;
  close(): Promise<void>;
}

export function verifiedBy(secrets: Iterable<string>, header: string | undefined, body: string): string[] {
  const parts = (header ?? '').split(',').map((part) => part.split('='));
  const t = parts.find(([name]) => name === 't')?.[1];
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => Buffer.from(value ?? '', 'hex'));
  return [...secrets].filter((secret) => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
    return signatures.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
  });
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    hostPort: '',
    received: [],
    secrets: new Set(),
    answer: () => 200,
    reply: (request) => `seen ${request.headers['bazaar-event-id']}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request = { headers: req.headers, body, signedBy: verifiedBy(receiver.secrets, req.headers['bazaar-signature'] as string | undefined, body) };
      receiver.received.push(request);
      res.writeHead(receiver.answer(request), { 'content-type': 'text/plain' }).end(receiver.reply(request));
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.hostPort = `127.0.0.1:${port}`;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  return receiver;
}

/** A relay over the test's own stores only, so test files sharing a database never deliver each other's events. */
export function testRelay(
  database: Database,
  input: { serverSecret: string; storeIds: string[]; allow: string[]; retryScheduleS?: number[]; random?: () => number },
): WebhookRelay {
  return webhookRelay(database.prisma, {
    serverSecret: input.serverSecret,
    retryScheduleS: input.retryScheduleS ?? [1, 1, 1],
    allow: input.allow,
    random: input.random ?? (() => 0.5),
    storeIds: input.storeIds,
    log: pino({ level: 'silent' }),
  });
}
