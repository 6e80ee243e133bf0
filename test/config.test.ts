import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('BAZAAR_SECRET', () => {
  it('unset leaves the secret to the database', () => {
    expect(loadConfig({}).secret).toBeUndefined();
    expect(loadConfig({ BAZAAR_SECRET: '' }).secret).toBeUndefined();
  });

  it('32 random bytes are accepted as they are', () => {
    const secret = randomBytes(32).toString('base64');
    expect(loadConfig({ BAZAAR_SECRET: secret }).secret).toBe(secret);
  });

  it('a weak one is refused with what is wrong and how to make a good one, never echoing it', () => {
    const error = refusal({ BAZAAR_SECRET: 'changeme-please' });
    expect(error.message).toBe(
      'BAZAAR_SECRET is too weak: 15 base64 characters carry at most 90 bits of entropy (at least 256 needed). ' +
        'Make one with `openssl rand -base64 32`, or leave it unset and Bazaar generates one and keeps it in the database.',
    );
  });

  it('a long run of few characters is refused', () => {
    expect(refusal({ BAZAAR_SECRET: '0123'.repeat(40) }).message).toMatch(/^BAZAAR_SECRET is too weak: it uses only 4 distinct characters/);
  });
});
