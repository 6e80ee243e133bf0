import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretStrength, secretWeakness } from '../../../src/platform/crypto/secret-strength.js';

// Issue 5: BAZAAR_SECRET needs at least 32 bytes of entropy, estimated as length × log2(alphabet size)
// of the smallest alphabet the characters fit (hex, base64/base64url, printable ASCII), plus at
// least 10 distinct characters so long runs of one or two characters are refused.

describe('A secret strong enough', () => {
  it.each([
    ['openssl rand -base64 32 (44 characters with padding)', randomBytes(32).toString('base64')],
    ['openssl rand -hex 32 (64 characters)', randomBytes(32).toString('hex')],
    ['32 random bytes in base64url', randomBytes(32).toString('base64url')],
    ['40 printable characters of all kinds', 'G7#kq!Lz@9v$Wm2^Rp&Xc*Tn(5s)Yb-Hd+Jf=Qa<'],
  ])('is accepted: %s', (_name, secret) => {
    expect(secretWeakness(secret)).toBeNull();
  });
});

describe('A secret too weak', () => {
  it.each([
    ['a word of twelve distinct characters', 'Lumberjacks!', /12 printable characters carry at most 78 bits/],
    ['31 random bytes in hex (248 bits)', randomBytes(31).toString('hex'), /62 hex characters carry at most 248 bits/],
    ['42 base64 characters (252 bits)', randomBytes(32).toString('base64').slice(0, 42), /42 base64 characters carry at most 252 bits/],
    ['one character repeated', 'a'.repeat(200), /only 1 distinct characters/],
    ['two characters alternating', '01'.repeat(100), /only 2 distinct characters/],
    ['a sentence of nine letters', 'abcdefghi'.repeat(10), /only 9 distinct characters/],
  ])('is refused: %s', (_name, secret, reason) => {
    expect(secretWeakness(secret)).toMatch(reason);
  });
});

describe('The alphabet estimate', () => {
  it('takes the smallest alphabet the characters fit and ignores base64 padding', () => {
    expect(secretStrength('deadbeef00')).toMatchObject({ alphabet: 'hex', length: 10, bits: 40 });
    expect(secretStrength('ab+/Zz09==')).toMatchObject({ alphabet: 'base64', length: 8, bits: 48 });
    expect(secretStrength('ab-_Zz09')).toMatchObject({ alphabet: 'base64', length: 8, bits: 48 });
    expect(secretStrength('ab cd!')).toMatchObject({ alphabet: 'printable', length: 6, distinctCharacters: 6 });
  });
});
