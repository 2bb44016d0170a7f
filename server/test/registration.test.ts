import { WELCOME_POINTS } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanHeaders, nextAddress, passCaptcha } from './captcha-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/patientinfo/register/credentials';
let serial = 0;

function newPatient(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    username: `newpatient${serial}`,
    password: 'correct-horse-9',
    email: `new.patient${serial}@example.com`,
    firstName: 'Rosa',
    lastName: 'Delgado',
    dateOfBirth: '1988-04-12',
    phoneNumber: '(555) 010-2233',
    sex: 'Female',
    notes: 'Prefers mornings',
    honeypot: '',
    ...overrides,
  };
}

interface RegisterOptions {
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  cookie?: string | null;
  token?: string;
  remoteAddress?: string;
}

async function register(options: RegisterOptions = {}) {
  const cookie = options.cookie === undefined ? await passCaptcha(t, options.remoteAddress) : options.cookie;
  return t.call({
    method: 'POST',
    url: URL,
    payload: options.body ?? newPatient(),
    headers: { ...humanHeaders(), ...(cookie ? { cookie } : {}), ...options.headers },
    ...(options.token ? { token: options.token } : {}),
    remoteAddress: options.remoteAddress ?? nextAddress(),
  });
}

const countRows = async (table: 'patients' | 'users' | 'points_banks' | 'points_ledger') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function expectNothingCreated(run: () => Promise<unknown>) {
  const before = await Promise.all([countRows('patients'), countRows('users'), countRows('points_banks')]);
  await run();
  const after = await Promise.all([countRows('patients'), countRows('users'), countRows('points_banks')]);
  expect(after).toEqual(before);
}

describe('anti-bot rules', () => {
  it('a filled honeypot field is rejected', async () => {
    await expectNothingCreated(async () => {
      const res = await register({ body: newPatient({ honeypot: 'https://cheap-pills.example' }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.submissionRejected);
    });
  });

  it('a filled X-Honeypot header is rejected', async () => {
    await expectNothingCreated(async () => {
      const res = await register({ headers: { 'x-honeypot': 'filled' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.submissionRejected);
    });
  });

  it('a form sent within 3000 ms of loading is rejected (X-Page-Elapsed)', async () => {
    await expectNothingCreated(async () => {
      const res = await register({ headers: { 'x-page-elapsed': '2999' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.reviewDetails);
    });
  });

  it('a form sent within 3000 ms by X-Form-Start alone is rejected, and so is one with neither header', async () => {
    const cookie = await passCaptcha(t);
    const quick = await t.call({
      method: 'POST',
      url: URL,
      payload: newPatient(),
      headers: { 'x-form-start': String(Date.now() - 500), cookie },
    });
    expect(quick.statusCode).toBe(400);
    expect(quick.json().message).toBe(MSG.reviewDetails);
    const bare = await t.call({
      method: 'POST',
      url: URL,
      payload: newPatient(),
      headers: { cookie },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(MSG.reviewDetails);
  });

  it('without an HPASS cookie the server asks for a captcha (403 captcha_required)', async () => {
    await expectNothingCreated(async () => {
      const res = await register({ cookie: null });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'forbidden',
        message: expect.any(String),
        action: 'captcha_required',
      });
    });
  });

  it('a forged, tampered or expired HPASS cookie counts as none', async () => {
    const real = await passCaptcha(t);
    const value = decodeURIComponent(real.slice('HPASS='.length));
    const [challengeId] = value.split('.');
    const forged = [
      `HPASS=${challengeId}.${Date.now() + 60_000}`,
      `HPASS=${encodeURIComponent(value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`,
      `HPASS=${encodeURIComponent(t.app.signCookie(`${challengeId}.${Date.now() - 1000}`))}`,
    ];
    for (const cookie of forged) {
      const res = await register({ cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().action).toBe('captcha_required');
    }
  });
});

describe('field rules (spec §5), checked on the server', () => {
  const cases: Array<[string, Record<string, unknown>, string | RegExp]> = [
    ['a missing field', { email: undefined }, /email is required/],
    ['a blank field', { firstName: '   ' }, 'First name is required.'],
    ['a short password', { password: 'seven77' }, MSG.passwordHint],
    ['a bad e-mail', { email: 'rosa.example.com' }, 'Enter a valid email address.'],
    ['a bad phone', { phoneNumber: 'call me' }, 'Enter a valid phone number.'],
    ['a phone with too few digits', { phoneNumber: '12-34' }, 'Enter a valid phone number.'],
    ['a date that does not exist', { dateOfBirth: '1990-02-30' }, 'Enter a real date as YYYY-MM-DD.'],
    ['a date in another format', { dateOfBirth: '04/12/1988' }, 'Enter a real date as YYYY-MM-DD.'],
    [
      'a date of birth in the future',
      { dateOfBirth: '2999-01-01' },
      'Date of birth cannot be in the future.',
    ],
    ['an unknown sex', { sex: 'Robot' }, 'Sex must be Male, Female or Other.'],
    ['a username with spaces inside', { username: 'rosa d' }, /Username must be/],
    ['a wrongly typed field', { phoneNumber: 5550102233 }, /phoneNumber/],
  ];
  it.each(cases)('%s gets a 400 naming the problem and creates nothing', async (_name, change, message) => {
    const body: Record<string, unknown> = newPatient(change);
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
    await expectNothingCreated(async () => {
      const res = await register({ body, cookie: null });
      expect(res.statusCode).toBe(400);
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
    });
  });
});

describe('a successful registration', () => {
  it('creates patient, account, preferences and a bank holding 5 points from one ledger row', async () => {
    const body = newPatient({
      username: '  rosa.delgado  ',
      email: ' Rosa.Delgado@Example.com ',
      firstName: ' Rosa ',
      notes: undefined,
      sex: 'female',
    });
    delete (body as Record<string, unknown>).notes;
    const res = await register({ body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: MSG.registrationSuccessful,
      username: 'rosa.delgado',
      totalPoints: WELCOME_POINTS,
    });
    const patientId = res.json().patientId as number;

    const db = t.database.db;
    const patient = await db
      .selectFrom('patients')
      .selectAll()
      .where('id', '=', patientId)
      .executeTakeFirstOrThrow();
    expect(patient).toMatchObject({
      first_name: 'Rosa',
      last_name: 'Delgado',
      email: 'Rosa.Delgado@Example.com',
      date_of_birth: '1988-04-12',
      sex: 'Female',
      notes: '',
    });
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('patient_id', '=', patientId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ username: 'rosa.delgado', role: 'PATIENT' });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const bank = await db
      .selectFrom('points_banks')
      .selectAll()
      .where('patient_id', '=', patientId)
      .executeTakeFirstOrThrow();
    expect(bank.total_points).toBe(WELCOME_POINTS);
    const ledger = await db
      .selectFrom('points_ledger')
      .selectAll()
      .where('points_bank_id', '=', bank.id)
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 5, reason: 'welcome', balance_before: 0, balance_after: 5 });
    const prefs = await db
      .selectFrom('patient_permissions')
      .selectAll()
      .where('patient_id', '=', patientId)
      .executeTakeFirstOrThrow();
    // Everything off until the patient says otherwise; the contact is the profile's (migration 0014).
    expect(prefs).toMatchObject({ allow_promotion_email: false, allow_appointment_reminder_text: false });

    // The pass is spent and the cookie cleared.
    const cleared = res.cookies.find((c) => c.name === 'HPASS');
    expect(cleared?.value).toBe('');

    // The write is audited with the new patient.
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'patient')
      .where('action', '=', 'create')
      .where('patient_id', '=', patientId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.outcome).toBe('success');

    // The new patient signs in, sees their own record with the derived age.
    const token = await t.login('rosa.delgado', 'correct-horse-9');
    const me = await t.call({ method: 'GET', url: `/api/patientinfo/${patientId}`, token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ firstName: 'Rosa', totalPoints: 5, age: expect.any(Number) });
    expect(me.json().age).toBeGreaterThanOrEqual(37);
  });

  it('one pass admits one registration', async () => {
    const cookie = await passCaptcha(t);
    expect((await register({ cookie })).statusCode).toBe(201);
    const again = await register({ cookie });
    expect(again.statusCode).toBe(403);
    expect(again.json().action).toBe('captcha_required');
  });

  it('staff registering a patient at the desk are not asked for a captcha; a patient is', async () => {
    const frontdesk = await t.login('frontdesk');
    const res = await register({ cookie: null, token: frontdesk });
    expect(res.statusCode).toBe(201);
    const patient = await t.login('patient');
    const refused = await register({ cookie: null, token: patient });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().action).toBe('captcha_required');
  });
});

describe('duplicates (spec §5)', () => {
  it('a taken username, in any case, gets 409 and the spec message; the pass survives', async () => {
    const first = newPatient();
    expect((await register({ body: first })).statusCode).toBe(201);
    const cookie = await passCaptcha(t);
    await expectNothingCreated(async () => {
      const res = await register({ body: newPatient({ username: first.username.toUpperCase() }), cookie });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.duplicateUsername);
    });
    // The refused attempt did not spend the pass.
    expect((await register({ cookie })).statusCode).toBe(201);
  });

  it("a staff account's username is taken too", async () => {
    const res = await register({ body: newPatient({ username: 'Admin' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.duplicateUsername);
  });

  it('a taken e-mail, in any case, gets 409 and the spec message', async () => {
    const first = newPatient();
    expect((await register({ body: first })).statusCode).toBe(201);
    await expectNothingCreated(async () => {
      const res = await register({ body: newPatient({ email: first.email.toUpperCase() }) });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.duplicateEmail);
    });
  });

  it('two registrations racing for one username: one wins, the other gets 409', async () => {
    const [cookieA, cookieB] = [await passCaptcha(t), await passCaptcha(t)];
    const username = `racer${Date.now()}`;
    const results = await Promise.all([
      register({ body: newPatient({ username }), cookie: cookieA }),
      register({ body: newPatient({ username }), cookie: cookieB }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const accounts = await t.database.db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', username)
      .execute();
    expect(accounts).toHaveLength(1);
  });
});

describe('rate limit', () => {
  it('answers 429 after 20 attempts from one address within 10 minutes', async () => {
    const remoteAddress = '10.1.9.9';
    for (let i = 0; i < 20; i += 1) {
      const res = await register({ cookie: null, remoteAddress, headers: { 'x-honeypot': 'x' } });
      expect(res.statusCode).toBe(400);
    }
    const limited = await register({ cookie: null, remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'too_many_requests', message: expect.any(String) });
    // Another address is not affected.
    expect((await register({ cookie: null, remoteAddress: '10.1.9.10' })).statusCode).toBe(403);
  });
});

describe('rate limit for staff at a shared desk', () => {
  it('counts staff per account, not per address', async () => {
    const remoteAddress = '10.1.8.8';
    for (let i = 0; i < 20; i += 1) {
      await register({ cookie: null, remoteAddress, headers: { 'x-honeypot': 'x' } });
    }
    expect((await register({ cookie: null, remoteAddress })).statusCode).toBe(429);
    const frontdesk = await t.login('frontdesk');
    const staff = await register({ cookie: null, remoteAddress, token: frontdesk });
    expect(staff.statusCode).toBe(201);
  });
});
