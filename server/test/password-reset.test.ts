import { MSG } from '@clinic/contract/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextAddress } from './captcha-helpers';
import { startSmtpServer } from './smtp';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const requestReset = (username: string, remoteAddress = nextAddress()) =>
  t.call({ method: 'POST', url: '/api/patientinfo/request-reset', payload: { username }, remoteAddress });
const verifyCode = (body: Record<string, unknown>, remoteAddress = nextAddress()) =>
  t.call({ method: 'POST', url: '/api/patientinfo/verify-code', payload: body, remoteAddress });

async function patientEmail(username: string) {
  const row = await t.database.db
    .selectFrom('users')
    .innerJoin('patients', 'patients.id', 'users.patient_id')
    .select('patients.email')
    .where('users.username', '=', username)
    .executeTakeFirstOrThrow();
  return row.email;
}

/** Waits for the next message to an address and returns the 6-digit code in it. */
async function codeMailedTo(email: string, after: number): Promise<string> {
  let code = '';
  await vi.waitFor(
    () => {
      const mail = smtp.received.slice(after).find((m) => m.to.includes(email));
      const match = mail?.raw.match(/verification code is (\d{6})/);
      if (!match?.[1]) throw new Error('no code yet');
      code = match[1];
    },
    { timeout: 10_000, interval: 50 },
  );
  return code;
}

async function requestCode(username: string): Promise<string> {
  const before = smtp.received.length;
  const res = await requestReset(username);
  expect(res.statusCode).toBe(200);
  return codeMailedTo(await patientEmail(username), before);
}

const codeRows = (username: string) =>
  t.database.db
    .selectFrom('password_reset_codes')
    .innerJoin('users', 'users.id', 'password_reset_codes.user_id')
    .selectAll('password_reset_codes')
    .where('users.username', '=', username)
    .orderBy('password_reset_codes.id')
    .execute();

describe('request-reset', () => {
  it('e-mails a 6-digit code through the real SMTP server, stored only as a hash', async () => {
    const before = smtp.received.length;
    const res = await requestReset('patient2');
    expect(res.statusCode).toBe(200);
    const code = await codeMailedTo(await patientEmail('patient2'), before);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await codeRows('patient2');
    const last = rows.at(-1);
    expect(last?.code_hash).not.toContain(code);
    expect(last?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = (last?.expires_at.getTime() ?? 0) - (last?.created_at.getTime() ?? 0);
    expect(Math.abs(ttl - 10 * 60_000)).toBeLessThan(2000);
    // The outbox keeps the delivered message as sent. The row is written once the SMTP server has accepted
    // the message, which can be just after the test's server has seen it: wait for the row, not a time.
    const email = await patientEmail('patient2');
    await expect
      .poll(() =>
        t.database.db
          .selectFrom('mail_outbox')
          .select(['sent_at', 'attempts'])
          .where('to_address', '=', email)
          .orderBy('id', 'desc')
          .executeTakeFirst(),
      )
      .toMatchObject({ sent_at: expect.any(Date), attempts: 1 });
  });

  it('answers an unknown username, a staff username and a patient alike, and mails nobody for the first two', async () => {
    const known = await requestReset('patient');
    const unknown = await requestReset('no-such-user-here');
    const staff = await requestReset('admin');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(staff.json()).toEqual(known.json());
    expect(await codeRows('admin')).toHaveLength(0);
  });

  it('sends at most 3 codes per account in 15 minutes; later requests get the same answer and send nothing', async () => {
    const username = 'patient';
    const already = (await codeRows(username)).length;
    for (let i = already; i < 3; i += 1) expect((await requestReset(username)).statusCode).toBe(200);
    const extra = await requestReset(username);
    expect(extra.statusCode).toBe(200);
    expect(await codeRows(username)).toHaveLength(3);
  });

  it('answers 429 after 10 requests from one address in 15 minutes', async () => {
    const remoteAddress = '10.5.5.5';
    for (let i = 0; i < 10; i += 1)
      expect((await requestReset(`nobody${i}`, remoteAddress)).statusCode).toBe(200);
    const limited = await requestReset('nobody', remoteAddress);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('too_many_requests');
  });

  it('needs a username', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/patientinfo/request-reset',
      payload: { username: '  ' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('verify-code', () => {
  it('a right code sets the new password, signs the old sessions out, and works once', async () => {
    const username = 'resetme';
    await createPatientAccount(username);
    const oldToken = await t.login(username, DEMO_PASSWORD);
    const code = await requestCode(username);

    const wrong = await verifyCode({
      username,
      code: code === '000000' ? '111111' : '000000',
      newPassword: 'brand-new-pass',
    });
    expect(wrong.statusCode).toBe(400);

    const ok = await verifyCode({ username, code, newPassword: 'brand-new-pass' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().success).toBe(true);

    await expect(t.login(username, DEMO_PASSWORD)).rejects.toThrow();
    expect(await t.login(username, 'brand-new-pass')).toEqual(expect.any(String));
    const oldSession = await t.call({ method: 'GET', url: '/api/auth/check-auth', token: oldToken });
    expect(oldSession.json().authenticated).toBe(false);

    const reuse = await verifyCode({ username, code, newPassword: 'another-new-pass' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_code');
  });

  it('only the newest code works', async () => {
    const username = 'twocodes';
    await createPatientAccount(username);
    const first = await requestCode(username);
    const second = await requestCode(username);
    if (first !== second) {
      expect((await verifyCode({ username, code: first, newPassword: 'brand-new-pass' })).statusCode).toBe(
        400,
      );
    }
    expect((await verifyCode({ username, code: second, newPassword: 'brand-new-pass' })).statusCode).toBe(
      200,
    );
  });

  it('allows 5 guesses per code; after that even the right code is refused', async () => {
    const username = 'guesser';
    await createPatientAccount(username);
    const code = await requestCode(username);
    const wrongCode = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await verifyCode({ username, code: wrongCode, newPassword: 'brand-new-pass' })).statusCode,
      ).toBe(400);
    }
    const right = await verifyCode({ username, code, newPassword: 'brand-new-pass' });
    expect(right.statusCode).toBe(400);
    expect((await codeRows(username)).at(-1)?.attempts).toBe(5);
    expect(await t.login(username, DEMO_PASSWORD)).toEqual(expect.any(String));
  });

  it('an expired code is refused', async () => {
    const username = 'latecomer';
    await createPatientAccount(username);
    const code = await requestCode(username);
    const row = (await codeRows(username)).at(-1);
    await t.database.db
      .updateTable('password_reset_codes')
      .set({ created_at: new Date(Date.now() - 11 * 60_000), expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', row?.id ?? 0)
      .execute();
    const res = await verifyCode({ username, code, newPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_code');
  });

  it('an unknown username gets the same answer as a wrong code', async () => {
    const unknown = await verifyCode({
      username: 'no-such-user-here',
      code: '123456',
      newPassword: 'brand-new-pass',
    });
    const wrong = await verifyCode({ username: 'patient2', code: '123456', newPassword: 'brand-new-pass' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('a short new password or a malformed code is a 400 that counts no guess', async () => {
    const username = 'shortpw';
    await createPatientAccount(username);
    const code = await requestCode(username);
    const short = await verifyCode({ username, code, newPassword: 'seven77' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 8/);
    const malformed = await verifyCode({ username, code: '12ab', newPassword: 'brand-new-pass' });
    expect(malformed.statusCode).toBe(400);
    expect((await codeRows(username)).at(-1)?.attempts).toBe(0);
    expect(
      (await verifyCode({ username, code: ` ${code} `, newPassword: 'brand-new-pass' })).statusCode,
    ).toBe(200);
  });

  it('answers 429 after 20 attempts from one address in 15 minutes', async () => {
    const remoteAddress = '10.6.6.6';
    const body = { username: 'nobody', code: '123456', newPassword: 'brand-new-pass' };
    for (let i = 0; i < 20; i += 1) expect((await verifyCode(body, remoteAddress)).statusCode).toBe(400);
    expect((await verifyCode(body, remoteAddress)).statusCode).toBe(429);
  });
});

describe('the mail outbox', () => {
  it('is readable by ADMIN only', async () => {
    const admin = await t.call({ method: 'GET', url: '/api/mail/outbox', token: await t.login('admin') });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()[0]).toMatchObject({
      to: expect.any(String),
      subject: expect.any(String),
      attempts: 1,
    });
    for (const user of ['manager', 'frontdesk', 'doctor', 'patient2']) {
      const res = await t.call({ method: 'GET', url: '/api/mail/outbox', token: await t.login(user) });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/api/mail/outbox' })).statusCode).toBe(401);
  });
});

describe('without SMTP, or with SMTP down', () => {
  it('queues the message in the outbox when no SMTP_URL is set', async () => {
    const local = await createTestApp();
    try {
      const res = await local.call({
        method: 'POST',
        url: '/api/patientinfo/request-reset',
        payload: { username: 'patient' },
      });
      expect(res.statusCode).toBe(200);
      const admin = await local.login('admin');
      let messages: Array<{ text: string; sentAt: string | null; attempts: number }> = [];
      await vi.waitFor(async () => {
        messages = (
          await local.call({ method: 'GET', url: '/api/mail/outbox?unsent=true', token: admin })
        ).json();
        expect(messages).toHaveLength(1);
      });
      expect(messages[0]).toMatchObject({ sentAt: null, attempts: 0 });
      expect(messages[0]?.text).toMatch(/verification code is \d{6}/);
    } finally {
      await local.close();
    }
  });

  it('keeps the message with its error when the SMTP server cannot be reached; the request still succeeds', async () => {
    const closed = await startSmtpServer();
    const deadUrl = closed.url;
    await closed.close();
    const down = await createTestApp({ config: { smtpUrl: deadUrl } });
    try {
      const res = await down.call({
        method: 'POST',
        url: '/api/patientinfo/request-reset',
        payload: { username: 'patient' },
      });
      expect(res.statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          const row = await down.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirst();
          expect(row).toMatchObject({ sent_at: null, attempts: 1, last_error: expect.any(String) });
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      await down.close();
    }
  });
});

/** A PATIENT account with the demo password, made through the registration call a member of staff uses. */
async function createPatientAccount(username: string) {
  const res = await t.call({
    method: 'POST',
    url: '/api/patientinfo/register/credentials',
    token: await t.login('frontdesk'),
    headers: { 'x-page-elapsed': '9000' },
    payload: {
      username,
      password: DEMO_PASSWORD,
      email: `${username}@example.com`,
      firstName: 'Reset',
      lastName: 'Tester',
      dateOfBirth: '1980-05-05',
      phoneNumber: '555-000-1111',
      sex: 'Male',
    },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe(MSG.registrationSuccessful);
}
