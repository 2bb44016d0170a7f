import type { OutboxMessage } from '@clinic/contract/messages-outbox';
import { WAITLIST_OFFER_MINUTES } from '@clinic/contract/waitlist';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerLink } from '../src/modules/waitlist/waitlist-offer-messages';
import { expireOffers, offerFreedPlace } from '../src/modules/waitlist/waitlist-offers';
import { addDays, localDateInZone, zonedWallTimeToInstant } from '../src/platform/time/zoned-time';
import { jobClock } from './job-clock';
import { startSmtpServer } from './smtp';
import { createTestApp, type TestApp } from './test-app';
import { startTwilioStub } from './twilio-stub';

/**
 * A waitlist offer is sent (issue 28): by e-mail and by text as the patient allowed, with a link that opens
 * the offer on the dashboard (no token, nothing clinical) and the hold's end; an offer made in the office's
 * quiet hours goes out at 08:00 and is held two hours from then. Mail arrives at a real SMTP server and is
 * read with mailparser; texts at a local stand-in for Twilio's Messages API.
 */
const PORTLAND = 3;
const ZONE = 'America/Los_Angeles';
const PUBLIC_URL = 'https://clinic.example';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let twilio: Awaited<ReturnType<typeof startTwilioStub>>;
let t: TestApp;
const clock = jobClock();
const runAt = (instant: Date) => clock.at(instant, () => t.app.jobs.runDue());
/** Open Portland days beyond the seeded visits, one per test, so no test finds another's offer. */
let days: string[];

beforeAll(async () => {
  smtp = await startSmtpServer();
  twilio = await startTwilioStub();
  t = await createTestApp({
    config: {
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
      twilio: { accountSid: 'AC123', authToken: 'token', from: '+15550100', apiUrl: twilio.url },
    },
    now: clock.now,
  });
  const rows = await t.database.db
    .selectFrom('office_hours')
    .select('date')
    .where('office_id', '=', PORTLAND)
    .where('date', '>=', addDays(localDateInZone(new Date(), ZONE), 22))
    .where('day_of_week', '<>', 'Closed')
    .orderBy('date')
    .limit(6)
    .execute();
  days = rows.map((r) => r.date);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await twilio?.close();
});

let seq = 0;
/** A patient waiting for a Portland day, with the consents given. */
async function waiting(name: string, allow: { email: boolean; text: boolean }, date: string) {
  seq++;
  const digits = String(8000 + seq).padStart(4, '0');
  const patient = await t.database.db
    .insertInto('patients')
    .values({
      first_name: name,
      last_name: 'Waiting',
      email: `${name.toLowerCase()}.waiting@mail.example`,
      phone_number: `(503) 555-${digits}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('patient_permissions')
    .values({
      patient_id: patient.id,
      allow_appointment_reminder_email: allow.email,
      allow_appointment_reminder_text: allow.text,
    })
    .execute();
  const entry = await t.database.db
    .insertInto('waitlist_entries')
    .values({ patient_id: patient.id, office_id: PORTLAND, doctor_id: null, date, type_visit: 'eval' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    patientId: patient.id,
    entryId: entry.id,
    email: `${name.toLowerCase()}.waiting@mail.example`,
    e164: `+1503555${digits}`,
  };
}

/** The place at 09:00 of a day freed at `now` (as a cancel, a move or a run-out offer frees it). */
const free = (date: string, now: Date) =>
  t.database.db
    .transaction()
    .execute((trx) => offerFreedPlace(trx, { officeId: PORTLAND, date, time: '09:00' }, now));

const entryOf = (id: number) =>
  t.database.db.selectFrom('waitlist_entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const jobsOf = (patientId: number) =>
  t.database.db
    .selectFrom('jobs')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('kind', '=', 'waitlist.offer')
    .orderBy('id')
    .execute();
const mailsTo = (address: string) =>
  Promise.all(smtp.received.filter((m) => m.to.includes(address)).map((m) => simpleParser(m.raw)));
const textsTo = (e164: string) => twilio.calls.filter((c) => c.form.To === e164).map((c) => c.form.Body!);

/** An office-local wall time on tomorrow's date in Portland. */
const tomorrowAt = (time: string) =>
  zonedWallTimeToInstant(addDays(localDateInZone(new Date(), ZONE), 1), time, ZONE);

describe('a waitlist offer', () => {
  it('goes out by e-mail and text at once, with a link to the offer and the end of the hold', async () => {
    const ann = await waiting('Ann', { email: true, text: true }, days[0]!);
    const at = tomorrowAt('10:00');
    expect(await free(days[0]!, at)).toBe(ann.entryId);
    const entry = await entryOf(ann.entryId);
    expect(new Date(entry.offer_expires_at!).getTime()).toBe(at.getTime() + WAITLIST_OFFER_MINUTES * 60_000);
    expect((await jobsOf(ann.patientId)).map((j) => new Date(j.run_at).getTime())).toEqual([
      at.getTime(),
      at.getTime(),
    ]);

    await runAt(at);
    const link = offerLink(PUBLIC_URL, ann.entryId);
    expect(link).toBe(`${PUBLIC_URL}/dashboard/patient?offer=${ann.entryId}`);
    const [mail, ...others] = await mailsTo(ann.email);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toMatch(/^A time opened up for you on \w+day, .* at 9:00 am$/);
    expect(mail!.text).toContain('Hello Ann');
    expect(mail!.text).toContain('We hold it for you until 12:00 pm.');
    expect(mail!.text).toContain(`To book it, sign in: ${link}`);
    expect(mail!.text).not.toMatch(/\beval\b/i);
    const texts = textsTo(ann.e164);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Summit Physical Therapy: A time opened up for you: .* until 12:00 pm\./);
    expect(texts[0]).toContain(link);
    expect(texts[0]).not.toMatch(/\beval\b/i);
    // The link names the offer, and nothing else: no token, no code.
    expect([...new URL(link).searchParams.keys()]).toEqual(['offer']);
    expect((await jobsOf(ann.patientId)).map((j) => j.outcome)).toEqual(['sent', 'sent']);
  });

  it('made in the quiet hours goes out at 08:00, and the place is held two hours from then', async () => {
    const bea = await waiting('Bea', { email: true, text: true }, days[1]!);
    const night = tomorrowAt('22:30');
    const eight = zonedWallTimeToInstant(addDays(localDateInZone(night, ZONE), 1), '08:00', ZONE);
    expect(await free(days[1]!, night)).toBe(bea.entryId);
    expect(new Date((await entryOf(bea.entryId)).offer_expires_at!).getTime()).toBe(
      eight.getTime() + WAITLIST_OFFER_MINUTES * 60_000,
    );
    await runAt(night);
    await runAt(new Date(eight.getTime() - 60_000));
    expect(await mailsTo(bea.email)).toHaveLength(0);
    expect(textsTo(bea.e164)).toHaveLength(0);
    await runAt(eight);
    expect((await mailsTo(bea.email))[0]!.text).toContain('We hold it for you until 10:00 am.');
    expect(textsTo(bea.e164)[0]).toContain('until 10:00 am.');
  });

  it('passed on by the sweeper in the quiet hours is held from 08:00 too', async () => {
    const cal = await waiting('Cal', { email: true, text: false }, days[2]!);
    const dot = await waiting('Dot', { email: true, text: false }, days[2]!);
    expect(await free(days[2]!, tomorrowAt('19:00'))).toBe(cal.entryId);
    const night = tomorrowAt('23:15');
    expect(await expireOffers(t.database.db, night)).toBeGreaterThanOrEqual(1);
    expect((await entryOf(cal.entryId)).status).toBe('expired');
    const eight = zonedWallTimeToInstant(addDays(localDateInZone(night, ZONE), 1), '08:00', ZONE);
    const next = await entryOf(dot.entryId);
    expect(next.status).toBe('offered');
    expect(new Date(next.offer_expires_at!).getTime()).toBe(
      eight.getTime() + WAITLIST_OFFER_MINUTES * 60_000,
    );
    // Cal's message finds the offer ended; Dot's goes at 08:00, by e-mail only (no texts allowed).
    await runAt(eight);
    expect(await mailsTo(cal.email)).toHaveLength(0);
    expect((await jobsOf(cal.patientId)).map((j) => j.outcome)).toEqual([
      'skipped: the offer has ended',
      'skipped: the offer has ended',
    ]);
    expect(await mailsTo(dot.email)).toHaveLength(1);
    expect((await jobsOf(dot.patientId)).map((j) => j.outcome)).toEqual(['sent', 'suppressed: consent']);
  });

  it('is not sent once the patient has taken it, and is listed in the messages outbox', async () => {
    const eli = await waiting('Eli', { email: true, text: true }, days[3]!);
    const at = tomorrowAt('11:00');
    await free(days[3]!, at);
    await t.database.db
      .updateTable('waitlist_entries')
      .set({ status: 'booked' })
      .where('id', '=', eli.entryId)
      .execute();
    await runAt(at);
    expect(await mailsTo(eli.email)).toHaveLength(0);
    expect(textsTo(eli.e164)).toHaveLength(0);

    const res = await t.call({
      method: 'GET',
      url: `/api/messages?patientId=${eli.patientId}`,
      token: await t.login('manager'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json() as OutboxMessage[];
    expect(items.map((m) => [m.kind, m.channel, m.status, m.detail, m.timeZone])).toEqual(
      expect.arrayContaining([
        ['waitlist.offer', 'email', 'skipped', 'The patient had already booked the time.', ZONE],
        ['waitlist.offer', 'sms', 'skipped', 'The patient had already booked the time.', ZONE],
      ]),
    );
  });
});
