/** What BAZAAR_SECRET must carry: as much entropy as 32 random bytes. */
export const MIN_SECRET_BITS = 256;
/** Long strings of one or two repeated characters would pass the length estimate alone. */
export const MIN_DISTINCT_CHARACTERS = 10;

export const HOW_TO_MAKE_A_SECRET = 'openssl rand -base64 32';

export interface SecretStrength {
  alphabet: 'hex' | 'base64' | 'printable';
  /** Characters, not counting base64 padding. */
  length: number;
  /** length × log2(alphabet size): an upper bound, reached only when every character is random. */
  bits: number;
  distinctCharacters: number;
}

const alphabets = [
  { name: 'hex', pattern: /^[0-9a-fA-F]+$/, size: 16 },
  { name: 'base64', pattern: /^[A-Za-z0-9+/_-]+$/, size: 64 },
] as const;
const PRINTABLE_ASCII = 95;

/**
 * Estimates a secret's entropy from the smallest common alphabet its characters fit: hex,
 * base64 or base64url (padding ignored), else printable ASCII. A person's passphrase is far
 * below its estimate, which is why the estimate only refuses, it never vouches.
 */
export function secretStrength(secret: string): SecretStrength {
  const characters = [...secret.replace(/=+$/, '')];
  const body = characters.join('');
  const alphabet = alphabets.find((candidate) => candidate.pattern.test(body));
  const size = alphabet?.size ?? PRINTABLE_ASCII;
  return {
    alphabet: alphabet?.name ?? 'printable',
    length: characters.length,
    bits: characters.length * Math.log2(size),
    distinctCharacters: new Set(characters).size,
  };
}

/** Answers why the secret is too weak, or null when it is strong enough. */
export function secretWeakness(secret: string): string | null {
  const { alphabet, length, bits, distinctCharacters } = secretStrength(secret);
  if (distinctCharacters < MIN_DISTINCT_CHARACTERS) {
    return `it uses only ${distinctCharacters} distinct characters (at least ${MIN_DISTINCT_CHARACTERS} needed)`;
  }
  if (bits < MIN_SECRET_BITS) {
    return `${length} ${alphabet} characters carry at most ${Math.floor(bits)} bits of entropy (at least ${MIN_SECRET_BITS} needed)`;
  }
  return null;
}
