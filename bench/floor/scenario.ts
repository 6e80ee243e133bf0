// The floor scenario of npm run bench (PostgreSQL only): this build with the cache off
// (RESPONSE_CACHE_MB=0, every other setting its default) and the one-statement floor, loaded back
// to back read by read on the reads the floor answers, the servers taking turns to go first. The
// floor's answers are first compared with Bazaar's byte for byte, and any difference stops the run.
import { loadInRounds } from '../load.js';
import type { PreparedStore } from '../prepare.js';
import { row, type Row } from '../report.js';
import { startFloorServer, startServer, type Server } from '../servers.js';
import { assertSameBytes, compareWithFloor } from './compare.js';

/** Rows of `floor` (the baseline) against `current` (Bazaar, cache off): the ratio is Bazaar's req/s over the floor's. */
export async function benchFloor(stores: PreparedStore[], port: number, rounds: number): Promise<Row[]> {
  const measured = stores.filter((store) => store.reads.some(({ read }) => read.floor));
  const rows: Row[] = [];
  if (!measured.length) return rows;
  const started: Server[] = [];
  try {
    // Bazaar first: the floor signs cursors with the secret Bazaar keeps in the database.
    const bazaar = await startServer('current', process.cwd(), port, undefined, { RESPONSE_CACHE_MB: '0' });
    started.push(bazaar);
    const floor = await startFloorServer(
      'baseline',
      port + 2,
      measured.map((store) => store.publicKey),
    );
    started.push(floor);
    const servers = [floor, bazaar];
    for (const store of measured) {
      const reads = store.reads.map(({ read }) => read).filter((read) => read.floor);
      const compared = await compareWithFloor(bazaar.url, floor.url, reads, store.publicKey);
      assertSameBytes(compared);
      console.error(
        `floor on ${store.products} products: the same bytes as Bazaar on ${compared.map((c) => `${c.read} (${c.bytes.toLocaleString('en-US')} B)`).join(', ')}`,
      );
      // The SQL column is left out: Bazaar's is counted in-process with the cache on (prepare.ts), and the floor's is one statement a read.
      for (const read of reads) rows.push(row(read.title, store.products, null, await loadInRounds(servers, store.publicKey, read, rounds, store.products)));
    }
  } finally {
    for (const server of started) await server.stop();
  }
  return rows;
}
