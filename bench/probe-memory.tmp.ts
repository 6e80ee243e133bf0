import { prepareManyStores } from './stores.js';
import { startServer } from './servers.js';
const db = process.env.DATABASE_URL!;
const { keys } = await prepareManyStores(db, 'http://127.0.0.1:4300');
const server = await startServer('probe', process.cwd(), 4300, undefined, JSON.parse(process.env.PROBE_ENV ?? '{}'));
const mem = async (label: string) => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const pick = (re: RegExp) => [...text.matchAll(re)].map((m) => `${m[1]}=${Math.round(Number(m[2]) / 1048576)}`).join(' ');
  console.log(label, `rss=${server.rssMb()}`, pick(/^(nodejs_heap_size_(?:total|used)_bytes|nodejs_external_memory_bytes|bazaar_response_cache_bytes) (\S+)/gm), pick(/^nodejs_heap_space_size_used_bytes\{space="(\w+)"\} (\S+)/gm));
};
await mem('idle');
for (let pass = 0; pass < 2; pass++) {
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < keys.length; n = next++) {
      const res = await fetch(`${server.url}/v1/store/products?per_page=50`, { headers: { 'x-client-key': keys[n]!, 'accept-encoding': 'gzip, deflate, br' } });
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await mem(`after pass ${pass}`);
}
if (process.env.SNAP) {
  const { execSync } = await import('node:child_process');
  const pid = /pid=(\d+)/.exec(execSync(`ss -ltnpH 'sport = :4300'`).toString())![1];
  process.kill(Number(pid), 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 20000));
}
await new Promise((r) => setTimeout(r, 5000));
await mem('after 5s idle');
await server.stop();
process.exit(0);
