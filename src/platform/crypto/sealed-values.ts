import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Values kept encrypted at rest (an app's sensitive setup values): AES-256-GCM under a key derived
 * from the server's signing secret with HKDF-SHA256, a fresh 96-bit nonce per value, and the
 * purpose bound in as associated data, so a value sealed for one record cannot be opened as another's.
 * The sealed form is `v1.<nonce>.<ciphertext>.<tag>`, each part base64url.
 */
const VERSION = 'v1';

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'bazaar sealed values', 'aes-256-gcm v1', 32));
}

export function sealValue(secret: string, purpose: string, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), nonce);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, nonce, body, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The plain value, or null when it was sealed under another secret or purpose, or tampered with. */
export function openValue(secret: string, purpose: string, sealed: string): string | null {
  const [version, nonce, body, tag] = sealed.split('.');
  if (version !== VERSION || !nonce || body === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
