import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../src/domain/messages/message-secrets.js';
import { localUrlOf } from '../../src/http/local-url.js';
import { requestEmailCode } from '../support/customers.js';
import { makeStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { cli, cliFailure, cliJson, pointCliAtTestDatabase, spawnBazaar, withApp, withDatabase } from './cli-harness.js';

// `messages --to`: a developer reads the sign-in code the demo store sent, with no mail server.

const db = pointCliAtTestDatabase();
afterAll(() => db.cleanup());

const newEmail = () => `dev-${randomUUID().slice(0, 8)}@example.com`;

async function requestCode(t: TestApp, email: string) {
  const shop = await makeStore(t.database, { name: 'Demo Shop' });
  return (await requestEmailCode(t, shop.publicKey, email)).code;
}

describe('messages --to ADDRESS', () => {
  it('prints the newest messages to an address, the sign-in code included, whatever the case of the address', async () => {
    const email = `dev-${randomUUID().slice(0, 8)}@example.com`;
    await withApp(db, (t) => requestCode(t, email));
    const printed = await cliJson('messages', '--to', email.toUpperCase());
    expect(printed).toEqual({
      to: email,
      messages: [
        {
          id: expect.any(String),
          channel: 'email',
          recipient: email,
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

  it('masks a code past its lifetime, even before a server’s worker masked it in the row', async () => {
    const email = newEmail();
    const code = await withApp(db, (t) => requestCode(t, email));
    await withDatabase(db, (database) =>
      database.prisma.message.updateMany({ where: { recipient: email }, data: { secretExpiresAt: new Date(Date.now() - 1000) } }),
    );
    const printed = await cliJson('messages', '--to', email);
    expect(printed.messages[0]).toMatchObject({ subject: `${SECRET_MASK} is your Demo Shop sign-in code` });
    expect(JSON.stringify(printed)).not.toContain(code);
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

/** A server holding the CLI's embedded data directory, listening on a port of its own and announcing it in the lock file as `npm start` does. */
async function withServer<T>(env: Record<string, string>, fn: (t: TestApp) => Promise<T>): Promise<T> {
  const database = await db.open();
  try {
    const t = await startTestApp({ MEDIA_DIR: process.env.MEDIA_DIR!, ...env }, { database });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      database.announceServer(localUrlOf(t.app.server.address())!);
      return await fn(t);
    } finally {
      await t.close();
    }
  } finally {
    await database.close();
  }
}

// Issue 19: the embedded database takes one process, so beside a running server the CLI reads its dev mailbox.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('messages --to beside a server that holds the data directory', () => {
  it('reads the newest messages through the server’s dev mailbox, from this process and from another', async () => {
    const email = newEmail();
    await withServer({}, async (t) => {
      const code = await requestCode(t, email);
      const expected = {
        to: email,
        messages: [expect.objectContaining({ recipient: email, template: 'otp', text: expect.stringContaining(`sign-in code is ${code}.`) })],
      };
      expect(await cliJson('messages', '--to', email)).toEqual(expected);
      expect((await cli('messages', '--to', email)).stdout.join('\n')).toContain(`  ${code} is your Demo Shop sign-in code`);

      const other = await spawnBazaar(db.dataDir!, 'messages', '--to', email, '--json');
      expect({ code: other.code, stderr: other.stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(other.stdout)).toEqual(expected);
    });
  });

  it('keeps refusing, saying why, when the server’s mailbox is off', async () => {
    await withServer({ BAZAAR_DEMO: '0' }, async () => {
      const failure = await cliFailure('messages', '--to', newEmail());
      expect(failure.code).toBe(1);
      expect(failure.error.code).toBe('data_dir_busy');
      expect(failure.error.message).toMatch(
        /is in use by cli test app .* Its dev mailbox is off \(start it with DEV_MAILBOX=1 to read messages beside it\)\.$/,
      );
    });
  });
});
