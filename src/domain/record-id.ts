import { uuidPattern } from '../platform/validation/text-rules.js';

/** A path id that is an integer id or a uuid; anything else names no record. */
export function parseRecordId(raw: string): { pId: number } | { id: string } | null {
  if (/^\d{1,10}$/.test(raw) && Number(raw) <= 2_147_483_647) return { pId: Number(raw) };
  if (uuidPattern.test(raw)) return { id: raw.toLowerCase() };
  return null;
}

/** The uuids among refs (lowercased), for batched reads by uuid; anything else names no record. */
export function uuidsOf(refs: readonly string[]): string[] {
  return refs.filter((ref) => uuidPattern.test(ref)).map((ref) => ref.toLowerCase());
}
