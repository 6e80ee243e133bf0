import { createHmac, randomBytes } from 'node:crypto';
import { openValue, sealValue } from '../../platform/crypto/sealed-values.js';

/** A new signing secret, shown to the subscriber once: `whsec_` and 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** Sealed under the server secret, bound to the subscription it signs for. */
export function sealSigningSecret(serverSecret: string, subscriptionId: string, secret: string): string {
  return sealValue(serverSecret, `webhook:${subscriptionId}`, secret);
}

export function openSigningSecret(serverSecret: string, subscriptionId: string, sealed: string): string {
  const secret = openValue(serverSecret, `webhook:${subscriptionId}`, sealed);
  if (secret === null) throw new Error(`the signing secret of webhook ${subscriptionId} does not open under this server's secret`);
  return secret;
}

/**
 * `Bazaar-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one `v1` per secret
 * in force (two during a rotation's overlap, the newest first). Signing the time with the body lets
 * a receiver refuse an old delivery replayed at it.
 */
export function signatureHeader(secrets: string[], unixSeconds: number, body: string): string {
  const signed = `${unixSeconds}.${body}`;
  return [`t=${unixSeconds}`, ...secrets.map((secret) => `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`)].join(',');
}
