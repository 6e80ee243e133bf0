import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let now = Date.now();
// Accounts are platform-wide and a PostgreSQL test database outlives one file: addresses of this run only.
const domain = `${randomUUID().slice(0, 8)}.example`;
const at = (mailbox: string) => `${mailbox}@${domain}`;
const line = String(randomInt(100, 200)).padStart(4, '0');

const send = (method: 'PATCH' | 'POST', url: string, who: SignedInCustomer, body: unknown) =>
  call(t.app, { method, url, key: shop.publicKey, headers: { 'content-type': 'application/json', ...who.auth }, payload: JSON.stringify(body) });
const update = (who: SignedInCustomer, body: unknown) => send('PATCH', '/v1/store/account', who, body);
const requestCode = (who: SignedInCustomer, body: unknown) => send('POST', '/v1/store/account/contact-otp', who, body);

/** The code of the newest message to an address, as the shopper would read it. */
async function codeSentTo(recipient: string): Promise<string> {
  const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient }, orderBy: { createdAt: 'desc' } });
  return /code to add this contact to your account is (\d{6})/.exec(message.text!)![1]!;
}

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now });
  shop = await makeStore(t.database, { name: 'Corner Shop' });
});
afterAll(() => t.close());

describe('PATCH /v1/store/account', () => {
  it('changes the names and the avatar, and answers the account as GET does', async () => {
    const ada = await signInCustomer(t.database, shop.store, { firstName: 'Ada', lastName: 'Byron' });
    const res = await update(ada, { last_name: 'Lovelace', avatar: 'https://cdn.example/ada.png' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Account updated');
    expect(res.body.data).toMatchObject({ name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', avatar: 'https://cdn.example/ada.png' });
    expect((await get(t.app, '/v1/store/account', shop.publicKey, ada.auth)).body.data).toEqual(res.body.data);
    expect((await update(ada, { avatar: null })).body.data.avatar).toBeNull();
  });

  it('records a customers/update event for this store’s customer in the same transaction', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await update(ada, { first_name: 'Augusta' });
    const events = await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic: 'customers/update' } });
    expect(events.map((e) => e.payload)).toContainEqual(expect.objectContaining({ id: ada.customer.id, uid: ada.customer.uid }));
  });

  it('changes the email with the code sent to the new address, and then signs in with it', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const sent = await requestCode(ada, { email: ` New.Ada@${domain.toUpperCase()} ` });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      status: 'success',
      message: 'Code sent',
      data: { email: at('new.ada'), channel: 'email', next_action: 'update_account', expires_in: 300, resend_in: 60 },
    });
    const res = await update(ada, { email: at('new.ada'), otp_code: await codeSentTo(at('new.ada')) });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(at('new.ada'));
    const again = await update(ada, { email: at('new.ada'), otp_code: await codeSentTo(at('new.ada')) });
    expectValidation(again, 'email');
  });

  it('changes the phone with a code sent by SMS or WhatsApp, normalized to E.164', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const sent = await requestCode(ada, { phone: `(415) 555-${line}`, country_code: 'US', channel: 'whatsapp' });
    expect(sent.body.data).toEqual({ phone: `+1415555${line}`, channel: 'whatsapp', next_action: 'update_account', expires_in: 300, resend_in: 60 });
    const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: `+1415555${line}` } });
    expect(message.channel).toBe('whatsapp');
    const res = await update(ada, { phone: `415 555 ${line}`, country_code: '+1', otp_code: await codeSentTo(`+1415555${line}`) });
    expect(res.body.data.phone).toBe(`+1415555${line}`);
  });

  it('refuses a wrong code (422 otp_invalid) and a sign-in code for the same address (otp_expired)', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await requestCode(ada, { email: at('wrong') });
    const code = await codeSentTo(at('wrong'));
    const wrong = code === '000000' ? '000001' : '000000';
    expectFailure(await update(ada, { email: at('wrong'), otp_code: wrong }), 422, 'otp_invalid');
    now += 61_000;
    const signIn = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/email/request-otp',
      key: shop.publicKey,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: at('other-sign-in') }),
    });
    expect(signIn.status).toBe(200);
    const signInMessage = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: at('other-sign-in') } });
    const signInCode = /code is (\d{6})/.exec(signInMessage.text!)![1]!;
    expectFailure(await update(ada, { email: at('other-sign-in'), otp_code: signInCode }), 422, 'otp_expired');
    expect((await get(t.app, '/v1/store/account', shop.publicKey, ada.auth)).body.data.email).toBe(ada.account.email);
  });

  it('answers 409 account_exists for an address another account holds, before any code is sent or spent', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const bob = await signInCustomer(t.database, shop.store);
    const before = await t.database.prisma.message.count({ where: { recipient: bob.account.email! } });
    expectFailure(await requestCode(ada, { email: bob.account.email }), 409, 'account_exists');
    expect(await t.database.prisma.message.count({ where: { recipient: bob.account.email! } })).toBe(before);
    expectFailure(await update(ada, { email: bob.account.email, otp_code: '123456' }), 409, 'account_exists');
  });

  it('names the field at fault', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    expectValidation(await update(ada, {}), 'request');
    expectValidation(await update(ada, { email: 'x@example.com' }), 'otp_code');
    expectValidation(await update(ada, { first_name: 'Ada', otp_code: '123456' }), 'otp_code');
    expectValidation(await update(ada, { phone: '4155550132', otp_code: '123456' }), 'country_code');
    expectValidation(await update(ada, { email: 'x@example.com', phone: '4155550132', country_code: 'US', otp_code: '123456' }), 'phone');
    expectValidation(await update(ada, { first_name: '' }), 'first_name');
    expectValidation(await update(ada, { avatar: 'http://insecure.example/a.png' }), 'avatar');
    expectValidation(await update(ada, { avatar: 'javascript:alert(1)' }), 'avatar');
    expectValidation(await update(ada, { password: 'hunter22' }), 'password');
    expectValidation(await update(ada, { email: 'not an email', otp_code: '123456' }), 'email');
    expectValidation(await requestCode(ada, {}), 'email');
    expectValidation(await requestCode(ada, { phone: '12', country_code: 'US' }), 'phone');
    expectValidation(await requestCode(ada, { email: 'a@example.com', channel: 'sms' }), 'channel');
    expectValidation(await requestCode(ada, { phone: '4155550199', country_code: 'US', channel: 'pigeon' }), 'channel');
  });

  it('needs a signed-in customer', async () => {
    const res = await call(t.app, {
      method: 'PATCH',
      url: '/v1/store/account',
      key: shop.publicKey,
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name":"X"}',
    });
    expectFailure(res, 401, 'customer_token_required');
  });
});

describe('POST /v1/store/account/contact-otp', () => {
  it('holds the sign-in codes’ resend limit: a second code within 60 s answers 429 with Retry-After', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    expect((await requestCode(ada, { email: at('twice') })).status).toBe(200);
    const again = await requestCode(ada, { email: at('twice') });
    expectFailure(again, 429, 'otp_resend_too_soon');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });
});
