// Whether the floor answers the very bytes Bazaar does: the floor's figures mean something only
// while it does Bazaar's work, so npm run bench stops on the first difference.
import type { Read } from '../scenarios.js';

export interface ByteComparison {
  read: string;
  equal: boolean;
  bytes: number;
  /** The first byte that differs, with the text around it on each side. */
  difference?: { offset: number; bazaar: string; floor: string };
}

const CONTEXT_BYTES = 120;

async function answerOf(baseUrl: string, read: Read, publicKey: string): Promise<Buffer> {
  const res = await fetch(`${baseUrl}${read.path}`, {
    method: read.method,
    headers: { 'x-client-key': publicKey, 'content-type': 'application/json' },
    body: read.body,
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${read.title} at ${baseUrl}: ${res.status} ${body.toString('utf8', 0, 300)}`);
  return body;
}

function compareBytes(title: string, bazaar: Buffer, floor: Buffer): ByteComparison {
  if (bazaar.equals(floor)) return { read: title, equal: true, bytes: bazaar.length };
  let offset = 0;
  while (offset < bazaar.length && offset < floor.length && bazaar[offset] === floor[offset]) offset += 1;
  const around = (body: Buffer) => body.toString('utf8', Math.max(0, offset - CONTEXT_BYTES), offset + CONTEXT_BYTES);
  return { read: title, equal: false, bytes: bazaar.length, difference: { offset, bazaar: around(bazaar), floor: around(floor) } };
}

/**
 * Reads each read from Bazaar and from the floor with the same key and compares the bodies byte
 * for byte. A difference is read once more from both: the cursor's hour and a card's `is_new`
 * follow each server's clock, and a read taken across such an instant differs once, never twice.
 */
export async function compareWithFloor(bazaarUrl: string, floorUrl: string, reads: Read[], publicKey: string): Promise<ByteComparison[]> {
  const compared: ByteComparison[] = [];
  for (const read of reads) {
    const once = async () => compareBytes(read.title, await answerOf(bazaarUrl, read, publicKey), await answerOf(floorUrl, read, publicKey));
    const first = await once();
    compared.push(first.equal ? first : await once());
  }
  return compared;
}

/** Throws, naming every read whose bytes differ, where and how. */
export function assertSameBytes(compared: ByteComparison[]): void {
  const differing = compared.filter((c) => !c.equal);
  if (!differing.length) return;
  const described = differing.map(
    (c) => `${c.read}: the bodies part at byte ${c.difference!.offset} of ${c.bytes}\n  Bazaar: …${c.difference!.bazaar}…\n  floor:  …${c.difference!.floor}…`,
  );
  throw new Error(`The floor no longer answers Bazaar's bytes, so its figures would compare unlike work:\n${described.join('\n')}`);
}
