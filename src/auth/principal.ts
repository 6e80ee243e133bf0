import type { KeyKind, KeyMode } from '../generated/prisma/client.js';

/** The app installation a key belongs to: the caller of the app operations (`/app/*`, collected data). */
export interface CallingInstallation {
  /** The installation's integer id, as `app install` printed it. */
  id: number;
  appSlug: string;
}

/** Who is calling: the API key that authenticated the request. */
export interface Principal {
  keyId: string;
  kind: KeyKind;
  mode: KeyMode;
  scopes: ReadonlySet<string>;
  /** The installation whose key this is; null for a key the merchant minted (and every public key). */
  installation: CallingInstallation | null;
}
