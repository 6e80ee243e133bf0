import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyChannel } from '../../../src/platform/database/notify-channel.js';

// PostgreSQL's notifications between processes (notify-channel.ts): what is published while a
// notification is on its way goes in the next statement, in order, and nothing is lost.

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('a notification channel (PostgreSQL)', () => {
  let pool: pg.Pool;
  let statements = 0;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 4 });
    pool.on('acquire', () => (statements += 1));
  });
  afterAll(() => pool?.end());

  /** A channel of its own, listened to; answers it, what it heard, and a wait for `count` payloads. */
  async function listened() {
    const channel = notifyChannel(pool, url!, `test_${randomUUID().replaceAll('-', '')}`);
    const heard: string[] = [];
    const stop = await channel.subscribe((payload) => heard.push(payload));
    const heardAll = async (count: number) => {
      for (let waited = 0; heard.length < count && waited < 5000; waited += 20) await new Promise((done) => setTimeout(done, 20));
      await new Promise((done) => setTimeout(done, 100));
    };
    return { channel, heard, heardAll, stop };
  }

  it('sends one payload published alone at once, in a statement of its own', async () => {
    const { channel, heard, heardAll, stop } = await listened();
    const before = statements;
    await channel.publish('alone');
    expect(statements - before).toBe(1);
    await heardAll(1);
    expect(heard).toEqual(['alone']);
    await stop();
  });

  it('sends what is published while a statement is on its way in the next one, in order, and resolves every publish', async () => {
    const { channel, heard, heardAll, stop } = await listened();
    const before = statements;
    const payloads = Array.from({ length: 40 }, (_, i) => `payload ${i}`);
    await Promise.all(payloads.map((payload) => channel.publish(payload)));
    // The first goes at once; the 39 published while it was on its way share the second statement.
    expect(statements - before).toBe(2);
    await heardAll(payloads.length);
    expect(heard).toEqual(payloads);
    await stop();
  });

  it('fails only the publish PostgreSQL refuses, sending those it shared a statement with, in order, and the next ones', async () => {
    const { channel, heard, heardAll, stop } = await listened();
    const tooLong = 'x'.repeat(9000);
    const results = await Promise.allSettled([channel.publish('first'), channel.publish('before it'), channel.publish(tooLong), channel.publish('with it')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    await channel.publish('after');
    await heardAll(4);
    expect(heard).toEqual(['first', 'before it', 'with it', 'after']);
    await stop();
  });
});
