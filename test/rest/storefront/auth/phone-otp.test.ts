import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../support/http.js';
import { uniqueContacts } from '../../../support/merchant-customers.js';
import { makeStore, type TestStore } from '../../../support/stores.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let now = Date.parse('2026-11-22T08:00:00.000Z');
let n = 0;

const post = (url: string, payload: unknown) =>
  call(t.app, { method: 'POST', url, key: shop.publicKey, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
// Accounts are platform-wide and a PostgreSQL test database outlives one run: numbers and addresses of this run only.
const { email: at, usPhone } = uniqueContacts();
/** A valid US number of its own for each test. */
const nextNumber = () => usPhone(String(100 + (n += 1)).padStart(4, '0'));
const nextHour = () => (now = (Math.floor(now / 3_600_000) + 1) * 3_600_000 + 60_000);

async function codeSentTo(phone: string): Promise<string> {
  const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: phone, template: 'otp' }, orderBy: { createdAt: 'desc' } });
  return /code is (\d{6})/.exec(message.text!)![1]!;
}

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now });
  shop = await makeStore(t.database, { name: 'Corner Shop' });
});
afterAll(() => t.close());

describe('POST /v1/auth/phone/request-otp', () => {
  it('normalizes the number to E.164 and sends the code by SMS, or by WhatsApp when asked', async () => {
    nextHour();
    const local = nextNumber();
    const res = await post('/v1/auth/phone/request-otp', { phone: `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`, country_code: 'US' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ phone: `+1${local}`, next_action: 'verify_otp', user_exists: false, expires_in: 300, resend_in: 60 });
    const sms = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: `+1${local}` } });
    expect(sms).toMatchObject({ channel: 'sms', template: 'otp', subject: null });

    const other = nextNumber();
    const whatsapp = await post('/v1/auth/phone/request-otp', { phone: other, country_code: '+1', channel: 'whatsapp' });
    expect(whatsapp.body.data.phone).toBe(`+1${other}`);
    expect((await t.database.prisma.message.findFirstOrThrow({ where: { recipient: `+1${other}` } })).channel).toBe('whatsapp');
  });

  it('refuses a number that cannot exist in the country, an unknown channel and a malformed country code, naming each field', async () => {
    const impossible = await post('/v1/auth/phone/request-otp', { phone: '12', country_code: 'US' });
    expect(impossible.status).toBe(422);
    expect(impossible.body.error.errors).toEqual({ phone: ['must be a phone number'] });
    const invalid = await post('/v1/auth/phone/request-otp', { phone: '1234567', country_code: 'US' });
    expect(invalid.body.error.errors).toEqual({ phone: ['is not a valid phone number for country code US'] });
    const bad = await post('/v1/auth/phone/request-otp', { phone: nextNumber(), country_code: 'USA', channel: 'pigeon' });
    expect(bad.body.error.errors).toEqual({
      country_code: ['must be a country such as "US" or a calling code such as "+1"'],
      channel: ['must be one of sms, whatsapp'],
    });
  });
});

describe('POST /v1/auth/register and POST /v1/auth/phone/verify-otp', () => {
  it('registers a new number with its code, then signs it in by code', async () => {
    nextHour();
    const phone = nextNumber();
    await post('/v1/auth/phone/request-otp', { phone, country_code: 'US' });
    const noAccount = await post('/v1/auth/phone/verify-otp', { phone, country_code: 'US', otp_code: await codeSentTo(`+1${phone}`) });
    expect(noAccount.status).toBe(404);
    expect(noAccount.body.error.code).toBe('not_found');

    const res = await post('/v1/auth/register', {
      first_name: 'Radia',
      last_name: 'Perlman',
      email: at(`radia${n}`),
      phone,
      country_code: 'US',
      otp_code: await codeSentTo(`+1${phone}`),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ is_new_user: true, user: { name: 'Radia Perlman', phone: `+1${phone}`, email: at(`radia${n}`) } });

    now += 61_000;
    await post('/v1/auth/phone/request-otp', { phone: `+1 ${phone}`, country_code: 'US' });
    const signIn = await post('/v1/auth/phone/verify-otp', { phone, country_code: '1', otp_code: await codeSentTo(`+1${phone}`) });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.user.phone).toBe(`+1${phone}`);
    expect(signIn.body.data).not.toHaveProperty('is_new_user');
  });

  it('answers 409 account_exists for a taken email without spending the code', async () => {
    nextHour();
    const phone = nextNumber();
    await post('/v1/auth/email/register-password', { first_name: 'A', last_name: 'B', email: at(`taken${n}`), password: 'long enough' });
    await post('/v1/auth/phone/request-otp', { phone, country_code: 'US' });
    const code = await codeSentTo(`+1${phone}`);
    const body = { first_name: 'A', last_name: 'B', email: at(`taken${n}`), phone, country_code: 'US', otp_code: code };
    expect((await post('/v1/auth/register', body)).body.error.code).toBe('account_exists');
    expect((await post('/v1/auth/register', { ...body, email: at(`free${n}`) })).status).toBe(201);
  });

  it('refuses a wrong code with otp_invalid', async () => {
    nextHour();
    const phone = nextNumber();
    await post('/v1/auth/phone/request-otp', { phone, country_code: 'US' });
    const code = await codeSentTo(`+1${phone}`);
    const res = await post('/v1/auth/register', {
      first_name: 'A',
      last_name: 'B',
      email: at(`wrong${n}`),
      phone,
      country_code: 'US',
      otp_code: code === '000000' ? '111111' : '000000',
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('otp_invalid');
  });

  it('refuses bad input naming each field', async () => {
    const res = await post('/v1/auth/register', { first_name: 'A', email: 'nope', phone: 5, country_code: 'US', otp_code: '1' });
    expect(res.status).toBe(422);
    expect(res.body.error.errors).toEqual({
      last_name: ['is required'],
      email: ['must be an email address'],
      phone: ['must be a phone number'],
      otp_code: ['must be the 6-digit code as a string'],
    });
  });
});
