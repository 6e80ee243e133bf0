import type { Variant } from '../../../generated/prisma/client.js';

/** What a variant delete answers: the ids of the variant it removed. */
export function presentDeletedVariant(variant: Variant) {
  return { id: variant.pId, uid: variant.id, deleted: true as const };
}
