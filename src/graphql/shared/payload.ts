import type { ObjectRef } from '@pothos/core';
import { builder } from '../builder.js';
import { UserError, type UserErrorShape } from './user-errors.js';

/** What asMutationPayload answers: the written object, or null beside the caller's mistakes. */
export interface PayloadShape<T> {
  result: T | null;
  userErrors: UserErrorShape[];
}

/**
 * A mutation payload of one written object under `field`, null when `userErrors` says why. It is
 * generic over the object type, which Pothos's resolver typing cannot follow: hence the cast.
 */
export function payloadType<T>(name: string, field: string, type: ObjectRef<any, T>) {
  return builder.objectRef<PayloadShape<T>>(name).implement({
    fields: (t) => ({
      [field]: t.field({ type, nullable: true, resolve: (p) => p.result as never }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });
}
