import type { OutboxMessage } from '@clinic/contract/messages-outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateInZone, zonedWallTimeToInstant } from '../src/platform/time/zoned-time';
import { bookVisit } from './book-visit';
import { slotSource } from './fresh-slots';
import { jobClock } from './job-clock';
import { type ReceivedMail, startSmtpServer } from './smtp';
import { createTestApp, type TestApp } from './test-app';
import { startTwilioStub } from './twilio-stub';

/**
 * Authorization notices (issue 16): when an authorization has 2 visits left or fewer, or ends within 7 days,
 * the patient hears of it on the channels their authorization-reminder consents allow (a real SMTP server and
 * a stand-in for the SMS API here), and the front desk of their office gets a copy by e-mail. Each goes out
 * once; a change that makes one pointless settles it.
 */
const PORTLAND = 3; // America/Los_Angeles
const ZONE = 'America/Los_Angeles';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let twilio: Awaited<ReturnType<typeof startTwilioStub>>;
let t: TestApp;
let admin: string;
let frontdesk: string;
let manager: string;
let officeEmail: string;
const clock = jobClock();
const runAt = (instant: Date) => clock.at(instant, () => t.app.jobs.runDue());
/** Runs what is due at the next 10:00 in Portland (texts keep quiet hours 21:00-08:00). */
const runInDaytime = () =>
  runAt(zonedWallTimeToInstant(addDays(localDateInZone(new Date(), ZONE), 1), '10:00', ZONE));

beforeAll(async () => {
  smtp = await startSmtpServer();
  twilio = await startTwilioStub();
  t = await createTestApp({
    config: {
      smtpUrl: smtp.url,
      twilio: { accountSid: 'AC123', authToken: 'token', from: '+15550100', apiUrl: twilio.url },
    },
    now: clock.now,
  });
  [admin, frontdesk, manager] = await Promise.all([
    t.login('admin'),
    t.login('frontdesk'),
    t.login('manager'),
  ]);
  const office = await t.database.db
    .selectFrom('offices')
    .select('email')
    .where('id', '=', PORTLAND)
    .executeTakeFirstOrThrow();
  officeEmail = office.email;
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
  await smtp?.close();
});

const { freshSlot } = slotSource(() => t.database.db);
const mailsTo = (address: string): ReceivedMail[] => smtp.received.filter((m) => m.to.includes(address));
/** A message as read: headers unfolded, quoted-printable soft breaks joined. */
const readable = (mail: ReceivedMail) =>
  mail.raw
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/m.exec(readable(mail))?.[1]?.trim() ?? '';
const textsTo = (e164: string) => twilio.calls.filter((c) => c.form.To === e164);
/** The front desk's copies that name a patient. */
const deskMailsAbout = (lastName: string) =>
  mailsTo(officeEmail).filter((m) => subjectOf(m).includes(lastName));

let seq = 0;
async function patient(consent: { email: boolean; text: boolean }) {
  seq++;
  const lastName = `Notice${Date.now() % 100000}x${seq}`;
  const phone = `(503) 555-${String(8000 + seq).padStart(4, '0')}`;
  const row = await t.database.db
    .insertInto('patients')
    .values({
      first_name: 'Ada',
      last_name: lastName,
      email: `${lastName.toLowerCase()}@mail.example`,
      phone_number: phone,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('patient_permissions')
    .values({
      patient_id: row.id,
      allow_appointment_reminder_email: false,
      allow_appointment_reminder_text: false,
      allow_authorization_reminder_email: consent.email,
      allow_authorization_reminder_text: consent.text,
    })
    .execute();
  // Insured for 'visit' (an insurance type of visit, which draws on an authorization).
  const insurance = await t.database.db
    .selectFrom('insurances')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('patient_insurances')
    .values({ patient_id: row.id, insurance_id: insurance.id, active: ['visit'] })
    .execute();
  return { id: row.id, email: row.email, lastName, e164: `+1503555${String(8000 + seq).padStart(4, '0')}` };
}

async function addAuthorization(patientId: number, fields: { visits: number | null; dayEnd: string }) {
  const res = await t.call({
    method: 'POST',
    url: '/api/patientauthorization/add',
    token: admin,
    payload: {
      patientId,
      authCode: `AUTH-${patientId}`,
      dayStart: localDateInZone(new Date(), ZONE),
      dayEnd: fields.dayEnd,
      ...(fields.visits === null ? {} : { visits: fields.visits }),
      active: 'Yes',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().authId as number;
}

async function edit(authId: number, body: Record<string, unknown>) {
  const res = await t.call({
    method: 'PUT',
    url: `/api/patientauthorization/edit/${authId}`,
    token: admin,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Books a visit at Portland: an insurance 'visit' draws on the patient's authorization, an 'eval' on nothing. */
async function book(patientId: number, typeVisit = 'visit') {
  const slot = await freshSlot(PORTLAND, 20);
  return bookVisit(t, frontdesk, { ...slot, officeId: PORTLAND, doctorId: 3, patientId, typeVisit });
}

function jobsOf(authId: number) {
  return t.database.db
    .selectFrom('jobs')
    .select(['kind', 'idempotency_key', 'state', 'outcome', 'run_at'])
    .where('kind', 'like', 'authorization.%')
    .where(({ ref, eb }) => eb(ref('payload', '->>').key('authorizationId'), '=', String(authId)))
    .orderBy('id')
    .execute();
}

async function outbox(patientId: number): Promise<OutboxMessage[]> {
  const res = await t.call({ method: 'GET', url: `/api/messages?patientId=${patientId}`, token: manager });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OutboxMessage[];
}

const far = () => addDays(localDateInZone(new Date(), ZONE), 90);

describe('the notice of few visits left', () => {
  it('goes out once when a booking leaves 2 visits, to the patient and to the front desk', async () => {
    const ada = await patient({ email: true, text: true });
    const authId = await addAuthorization(ada.id, { visits: 4, dayEnd: far() });
    await book(ada.id); // 3 left
    await runInDaytime();
    expect(mailsTo(ada.email)).toHaveLength(0);

    await book(ada.id); // 2 left
    await runInDaytime();
    const mails = mailsTo(ada.email);
    expect(mails.map(subjectOf)).toEqual(['Your insurance authorization has 2 visits left to book']);
    // What the patient reads names no code, insurer, diagnosis or procedure.
    expect(readable(mails[0]!)).not.toContain(`AUTH-${ada.id}`);
    expect(readable(mails[0]!)).toContain('allowed authorization e-mails');
    const texts = textsTo(ada.e164);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.form.Body).toContain('2 visits left to book');
    const desk = deskMailsAbout(ada.lastName);
    expect(desk).toHaveLength(1);
    expect(subjectOf(desk[0]!)).toContain(`AUTH-${ada.id}`);
    expect(readable(desk[0]!)).toContain('4 authorized, 0 used, 2 booked');

    // A third visit booked (1 left): this state of the authorization has had its notice.
    await book(ada.id);
    await runInDaytime();
    expect(mailsTo(ada.email)).toHaveLength(1);
    expect(textsTo(ada.e164)).toHaveLength(1);
    expect(deskMailsAbout(ada.lastName)).toHaveLength(1);
    expect((await jobsOf(authId)).filter((j) => j.kind === 'authorization.low-visits')).toHaveLength(3);
  });

  it('goes on no channel the patient has not allowed, while the front desk still hears of it', async () => {
    const bo = await patient({ email: false, text: false });
    await addAuthorization(bo.id, { visits: 3, dayEnd: far() });
    await book(bo.id);
    await t.app.jobs.runDue();
    expect(mailsTo(bo.email)).toHaveLength(0);
    expect(textsTo(bo.e164)).toHaveLength(0);
    expect(deskMailsAbout(bo.lastName)).toHaveLength(1);

    const listed = (await outbox(bo.id)).filter((m) => m.kind === 'authorization.low-visits');
    expect(listed.map((m) => [m.channel, m.status, m.detail])).toEqual(
      expect.arrayContaining([
        ['email', 'suppressed', 'The patient has not allowed authorization e-mails.'],
        ['sms', 'suppressed', 'The patient has not allowed authorization texts.'],
        ['front-desk', 'sent', null],
      ]),
    );
    expect(listed[0]!.timeZone).toBe(ZONE);
  });

  it('is not sent when more visits are authorized before it goes out', async () => {
    const cy = await patient({ email: true, text: false });
    const authId = await addAuthorization(cy.id, { visits: 2, dayEnd: far() }); // 2 left at once
    await edit(authId, { visits: 20 });
    await t.app.jobs.runDue();
    expect(mailsTo(cy.email)).toHaveLength(0);
    expect(deskMailsAbout(cy.lastName)).toHaveLength(0);
    const low = (await jobsOf(authId)).filter((j) => j.kind === 'authorization.low-visits');
    expect(low.map((j) => j.outcome)).toEqual([
      'skipped: the authorization changed',
      'skipped: the authorization changed',
      'skipped: the authorization changed',
    ]);
  });
});

describe('the notice of an authorization ending', () => {
  it('goes out 7 days before the end at 09:00 office-local, once', async () => {
    const dee = await patient({ email: true, text: true });
    await book(dee.id, 'eval'); // a visit at Portland makes it Dee's office
    const dayEnd = addDays(localDateInZone(new Date(), ZONE), 30);
    const authId = await addAuthorization(dee.id, { visits: null, dayEnd });
    const due = zonedWallTimeToInstant(addDays(dayEnd, -7), '09:00', ZONE);
    const ending = (await jobsOf(authId)).filter((j) => j.kind === 'authorization.ending');
    expect(ending).toHaveLength(3);
    for (const job of ending) expect(new Date(job.run_at).toISOString()).toBe(due.toISOString());

    await runAt(new Date(due.getTime() - 60_000));
    expect(mailsTo(dee.email)).toHaveLength(0);
    await runAt(due);
    const mails = mailsTo(dee.email);
    expect(mails.map(subjectOf)).toEqual([
      expect.stringMatching(/^Your insurance authorization ends on \w+day, /),
    ]);
    expect(textsTo(dee.e164)).toHaveLength(1);
    expect(deskMailsAbout(dee.lastName)).toHaveLength(1);
    await runAt(new Date(due.getTime() + 86_400_000));
    expect(mailsTo(dee.email)).toHaveLength(1);
  });

  it('follows a new end date, and none goes out for an authorization made inactive or deleted', async () => {
    const eli = await patient({ email: true, text: false });
    const today = localDateInZone(new Date(), ZONE);
    const authId = await addAuthorization(eli.id, { visits: null, dayEnd: addDays(today, 30) });
    await edit(authId, { dayEnd: addDays(today, 60) });
    const jobs = await jobsOf(authId);
    expect(jobs.filter((j) => j.state === 'queued').map((j) => j.idempotency_key)).toEqual([
      `authorization:${authId}:ending:${addDays(today, 60)}`,
      `authorization:${authId}:ending:${addDays(today, 60)}:sms`,
      `authorization:${authId}:ending:${addDays(today, 60)}:front-desk`,
    ]);

    await edit(authId, { active: 'No' });
    expect((await jobsOf(authId)).filter((j) => j.state === 'queued')).toHaveLength(0);
    await runAt(new Date(Date.now() + 70 * 86_400_000));
    expect(mailsTo(eli.email)).toHaveLength(0);

    const fay = await patient({ email: true, text: false });
    const gone = await addAuthorization(fay.id, { visits: null, dayEnd: addDays(today, 30) });
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/patientauthorization/remove/${gone}`,
      token: admin,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await jobsOf(gone)).map((j) => j.outcome)).toEqual([
      'skipped: the authorization is gone',
      'skipped: the authorization is gone',
      'skipped: the authorization is gone',
    ]);
  });

  it('is sent at once for an authorization that already ends within 7 days', async () => {
    const gus = await patient({ email: true, text: false });
    await addAuthorization(gus.id, { visits: 10, dayEnd: addDays(localDateInZone(new Date(), ZONE), 3) });
    await t.app.jobs.runDue();
    expect(mailsTo(gus.email).map(subjectOf)).toEqual([
      expect.stringMatching(/^Your insurance authorization ends on /),
    ]);
  });
});
