import http from 'node:http';

export interface SseEvent {
  event: string;
  data: any;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The next event (comments and pings skipped); fails when none comes within `waitMs` or the stream ends first. */
  next(waitMs?: number): Promise<SseEvent>;
  close(): void;
}

/**
 * Opens a Server-Sent Events stream over real HTTP (no Accept-Encoding, so nothing is compressed)
 * and answers once the response headers are in; events are parsed as they arrive.
 */
export function openSse(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<SseStream> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers: { accept: 'text/event-stream', ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (response) => {
        const queue: SseEvent[] = [];
        let waiting: ((event: SseEvent | null) => void) | null = null;
        let buffer = '';
        let ended = false;
        const deliver = (event: SseEvent | null) => {
          if (waiting) {
            const wake = waiting;
            waiting = null;
            wake(event);
          } else if (event) queue.push(event);
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = block.split('\n').filter((line) => line && !line.startsWith(':'));
            if (!fields.length) continue;
            const field = (name: string) =>
              fields
                .filter((line) => line.startsWith(`${name}:`))
                .map((line) => line.slice(name.length + 1).trimStart())
                .join('\n');
            const data = field('data');
            deliver({ event: field('event') || 'message', data: data ? JSON.parse(data) : null });
          }
        });
        const finish = () => {
          ended = true;
          deliver(null);
        };
        response.on('end', finish);
        // A stream the test closes ends in an abort.
        response.on('error', finish);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          next: (waitMs = 10_000) =>
            new Promise((done, fail) => {
              const kept = queue.shift();
              if (kept) return done(kept);
              if (ended) return fail(new Error('the event stream ended'));
              const timer = setTimeout(() => {
                waiting = null;
                fail(new Error(`no event within ${waitMs} ms`));
              }, waitMs);
              waiting = (event) => {
                clearTimeout(timer);
                if (event) done(event);
                else fail(new Error('the event stream ended'));
              };
            }),
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
    if (body) request.write(body);
    request.end();
  });
}
