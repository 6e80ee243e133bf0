import type { KeyKind, KeyMode } from '../generated/prisma/client.js';

/** Who is calling: the API key that authenticated the request. */
export interface Principal {
  keyId: string;
  kind: KeyKind;
  mode: KeyMode;
  scopes: ReadonlySet<string>;
}
