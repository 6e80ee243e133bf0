import { Writable } from 'node:stream';

/** Where every log line lands, parsed, so a test can read what was logged: `logger` is Fastify's option, `stream` pino's. */
export function captureLogs(level = 'info') {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream, logger: { level, stream } };
}
