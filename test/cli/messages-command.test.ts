import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.js';
import { makeStore } from '../support/stores.js';
import { cli, cliFailure, cliJson, pointCliAtTestDatabase, withApp } from './cli-harness.js';

// `messages --to`: a developer reads the sign-in code the demo store sent, with no mail server.

const db = pointCliAtTestDatabase();
afterAll(() => db.cleanup());

describe('messages --to ADDRESS', () => {
  it('prints the newest messages to an address, the sign-in code included, whatever the case of the address', async () => {
    const email = `dev-${randomUUID().slice(0, 8)}@example.com`;
    await withApp(db, async (t) => {
      const shop = await makeStore(t.database, { name: 'Demo Shop' });
      const res = await call(t.app, {
        method: 'POST',
        url: '/v1/auth/email/request-otp',
        key: shop.publicKey,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email }),
      });
      expect(res.status).toBe(200);
    });
    const printed = await cliJson('messages', '--to', email.toUpperCase());
    expect(printed).toEqual({
      to: email,
      messages: [
        {
          id: expect.any(String),
          channel: 'email',
          template: 'otp',
          status: 'pending',
          created_at: expect.stringMatching(/Z$/),
          sent_at: null,
          subject: expect.stringMatching(/^\d{6} is your Demo Shop sign-in code$/),
          text: expect.stringMatching(/^Your Demo Shop sign-in code is \d{6}\./),
        },
      ],
    });
    const text = await cli('messages', '--to', email);
    expect(text.code).toBe(0);
    expect(text.stdout.join('\n')).toMatch(/email {2}otp {2}pending\n {2}\d{6} is your Demo Shop sign-in code\n {2}Your Demo Shop sign-in code is \d{6}/);
  });

  it('says so when nothing was sent to the address', async () => {
    expect(await cliJson('messages', '--to', 'nobody@example.com')).toEqual({ to: 'nobody@example.com', messages: [] });
    expect((await cli('messages', '--to', 'nobody@example.com')).stdout.join('')).toBe('No messages to nobody@example.com.');
  });

  it('needs --to', async () => {
    const failure = await cliFailure('messages');
    expect(failure.code).toBe(2);
    expect(failure.error.message).toContain('--to');
  });
});
