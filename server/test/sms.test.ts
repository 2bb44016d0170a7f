import type { MailOutboxMessage } from '@clinic/contract/mail-outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationJob } from '../src/modules/appointments/appointment-messages';
import { SMS_REPLIES } from '../src/modules/sms/sms.routes';
import { twilioSignature } from '../src/platform/sms';
import { zonedWallTimeToInstant } from '../src/platform/time/zoned-time';
import { bookVisit } from './book-visit';
import { slotSource } from './fresh-slots';
import { jobClock } from './job-clock';
import { createTestApp, type TestApp } from './test-app';
import { startTwilioStub } from './twilio-stub';

/**
 * Text messages (issue 16): sent through Twilio's Messages API (a local HTTP server stands in for it) only to
 * patients who allowed appointment texts, never in the office's quiet hours (21:00-08:00, they wait until
 * 08:00), and the inbound webhook's STOP, START and HELP, with its signature checked.
 */
const PORTLAND = 3; // America/Los_Angeles
const ZONE = 'America/Los_Angeles';
const AUTH_TOKEN = 'test-twilio-auth-token';
const PUBLIC_URL = 'https://clinic.example';

let twilio: Awaited<ReturnType<typeof startTwilioStub>>;
let t: TestApp;
let frontdesk: string;
const clock = jobClock();
const runAt = (instant: Date) => clock.at(instant, () => t.app.jobs.runDue());

beforeAll(async () => {
  twilio = await startTwilioStub();
  t = await createTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      twilio: { accountSid: 'AC123', authToken: AUTH_TOKEN, from: '+15550100', apiUrl: twilio.url },
    },
    now: clock.now,
  });
  frontdesk = await t.login('frontdesk');
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

const { freshSlot } = slotSource(() => t.database.db);
let phoneSeq = 0;

async function patient(name: string, allowText: boolean) {
  phoneSeq++;
  const phone = `(503) 555-${String(7000 + phoneSeq).padStart(4, '0')}`;
  const row = await t.database.db
    .insertInto('patients')
    .values({
      first_name: name,
      last_name: 'Texts',
      email: `${name.toLowerCase()}.texts@mail.example`,
      phone_number: phone,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('patient_permissions')
    .values({
      patient_id: row.id,
      allow_appointment_reminder_text: allowText,
      allow_promotion_text: allowText,
    })
    .execute();
  return { id: row.id, phone, e164: `+1503555${String(7000 + phoneSeq).padStart(4, '0')}` };
}

async function book(patientId: number) {
  const slot = await freshSlot(PORTLAND, 24);
  const id = await bookVisit(t, frontdesk, { ...slot, officeId: PORTLAND, doctorId: 3, patientId });
  return { id, slot };
}

const textsTo = (e164: string) => twilio.calls.filter((c) => c.form.To === e164);
const smsJob = (appointmentId: number) =>
  t.database.db
    .selectFrom('jobs')
    .selectAll()
    .where('idempotency_key', '=', `${confirmationJob(appointmentId).key}:sms`)
    .executeTakeFirstOrThrow();

/** An instant at an office-local wall time on the day after today (the office's day, not the machine's). */
const tomorrowAt = (time: string) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return zonedWallTimeToInstant(tomorrow, time, ZONE);
};

describe('texts about visits', () => {
  it('go through the Messages API to patients who allowed them, once', async () => {
    const ana = await patient('Ana', true);
    const { id } = await book(ana.id);
    await runAt(tomorrowAt('10:00'));
    const texts = textsTo(ana.e164);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({
      path: '/2010-04-01/Accounts/AC123/Messages.json',
      authorization: `Basic ${Buffer.from(`AC123:${AUTH_TOKEN}`).toString('base64')}`,
      idempotency: `${confirmationJob(id).key}:sms`,
    });
    expect(texts[0]!.form.From).toBe('+15550100');
    expect(texts[0]!.form.Body).toMatch(
      /^Summit Physical Therapy: Your visit is booked: .* Reply HELP for help, STOP to stop texts\.$/,
    );
    expect(texts[0]!.form.Body).not.toMatch(/\beval\b/);
    expect(await smsJob(id)).toMatchObject({ state: 'done', outcome: 'sent' });
    await runAt(tomorrowAt('10:05'));
    expect(textsTo(ana.e164)).toHaveLength(1);
  });

  it('go to no one who has not allowed texts', async () => {
    const ben = await patient('Ben', false);
    const { id } = await book(ben.id);
    await runAt(tomorrowAt('10:00'));
    expect(textsTo(ben.e164)).toHaveLength(0);
    expect(await smsJob(id)).toMatchObject({ state: 'done', outcome: 'suppressed: consent' });
  });

  it('wait for 08:00 office time when due in the quiet hours', async () => {
    const cleo = await patient('Cleo', true);
    const { id } = await book(cleo.id);
    // 22:30 in Portland: the text waits; the e-mail (not allowed here) is settled at once.
    await runAt(tomorrowAt('22:30'));
    expect(textsTo(cleo.e164)).toHaveLength(0);
    const waiting = await smsJob(id);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 0 });
    const eight = new Date(tomorrowAt('08:00').getTime() + 86_400_000);
    expect(new Date(waiting.run_at).getTime()).toBe(eight.getTime());
    await runAt(new Date(eight.getTime() - 60_000));
    expect(textsTo(cleo.e164)).toHaveLength(0);
    await runAt(eight);
    expect(textsTo(cleo.e164)).toHaveLength(1);
  });
});

describe('GET /api/mail/outbox', () => {
  it('says which channel each message took: a text is not an e-mail without a subject (issue 28)', async () => {
    const gil = await patient('Gil', true);
    await t.database.db
      .updateTable('patient_permissions')
      .set({ allow_appointment_reminder_email: true })
      .where('patient_id', '=', gil.id)
      .execute();
    await book(gil.id);
    await runAt(tomorrowAt('10:00'));
    const res = await t.call({ method: 'GET', url: '/api/mail/outbox', token: await t.login('admin') });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as MailOutboxMessage[];
    const text = rows.find((m) => m.to === gil.phone);
    const email = rows.find((m) => m.to === 'gil.texts@mail.example');
    expect(text).toMatchObject({ channel: 'sms', subject: '' });
    expect(email).toMatchObject({ channel: 'email' });
    expect(email!.subject).toMatch(/is booked$/);
  });
});

describe('POST /api/sms/inbound', () => {
  const url = `${PUBLIC_URL}/api/sms/inbound`;
  const inbound = (form: Record<string, string>, signature = twilioSignature(AUTH_TOKEN, url, form)) =>
    t.call({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(form).toString(),
    });
  const preferences = (patientId: number) =>
    t.database.db
      .selectFrom('patient_permissions')
      .select([
        'allow_promotion_text',
        'allow_appointment_reminder_text',
        'allow_authorization_reminder_text',
      ])
      .where('patient_id', '=', patientId)
      .executeTakeFirstOrThrow();

  it('STOP turns every text preference of that number off, and confirms once; START turns texts on', async () => {
    const dan = await patient('Dan', true);
    const stop = await inbound({ From: dan.e164, Body: ' stop ', MessageSid: 'SM1' });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toContain(`<Message>${SMS_REPLIES.stopped}</Message>`);
    expect(await preferences(dan.id)).toEqual({
      allow_promotion_text: false,
      allow_appointment_reminder_text: false,
      allow_authorization_reminder_text: false,
    });
    const again = await inbound({ From: dan.e164, Body: 'STOP' });
    expect(again.statusCode).toBe(200);
    expect(again.body).not.toContain('<Message>');

    const start = await inbound({ From: dan.e164, Body: 'Start' });
    expect(start.body).toContain(SMS_REPLIES.started);
    expect((await preferences(dan.id)).allow_appointment_reminder_text).toBe(true);
  });

  it('HELP answers with the practice name, phone and e-mail, and changes nothing', async () => {
    const eve = await patient('Eve', true);
    const help = await inbound({ From: eve.e164, Body: 'HELP' });
    expect(help.statusCode).toBe(200);
    expect(help.body).toContain(SMS_REPLIES.help);
    expect((await preferences(eve.id)).allow_appointment_reminder_text).toBe(true);
  });

  it('refuses a bad signature, an unknown number or a malformed body, and changes nothing', async () => {
    const fay = await patient('Fay', true);
    expect((await inbound({ From: fay.e164, Body: 'STOP' }, 'forged')).statusCode).toBe(403);
    expect((await inbound({ From: fay.e164, Body: 'STOP' }, '')).statusCode).toBe(403);
    expect((await inbound({ From: '+15035550000', Body: 'STOP' })).statusCode).toBe(404);
    expect((await inbound({ Body: 'STOP' })).statusCode).toBe(400);
    expect((await inbound({ From: 'not a number', Body: 'STOP' })).statusCode).toBe(400);
    expect((await preferences(fay.id)).allow_appointment_reminder_text).toBe(true);
  });

  it('is not there without Twilio settings', async () => {
    const plain = await createTestApp({ seed: false });
    try {
      const res = await plain.call({
        method: 'POST',
        url: '/api/sms/inbound',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'From=%2B15035550000&Body=STOP',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
