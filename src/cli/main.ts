import { runCli } from './run-cli.js';

const write = (stream: NodeJS.WriteStream, text: string) => new Promise<void>((resolve) => stream.write(`${text}\n`, () => resolve()));
const pending: Promise<void>[] = [];

const exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => pending.push(write(process.stdout, text)),
  stderr: (text) => pending.push(write(process.stderr, text)),
});
await Promise.all(pending);
// Exit now rather than when the event loop drains: the schema engine that applied migrations
// leaves a 10-second timer behind, which would hold every command for ten seconds.
process.exit(exitCode);
