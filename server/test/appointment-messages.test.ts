import { MESSAGE_STATUSES, type OutboxMessage } from '@clinic/contract/messages-outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationJob } from '../src/modules/appointments/appointment-messages';
import { enqueueJob } from '../src/platform/jobs';
import { auditedBy } from './audit-rows';
import { bookVisit } from './book-visit';
import { slotSource } from './fresh-slots';
import { jobClock } from './job-clock';
import { type SecondInstance, startSecondInstance } from './second-instance';
import { type ReceivedMail, startSmtpServer } from './smtp';
import { createTestApp, type TestApp } from './test-app';

/**
 * The booking confirmation (issue 16): queued in the booking's transaction, sent by the job queue through a
 * real SMTP server with the visit's .ics, only to patients who allowed appointment e-mails, once.
 */
const PORTLAND = 3;
const onServer = Boolean(process.env.TEST_DATABASE_URL);

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let frontdesk: string;
/** The job runner's clock: real time, moved ahead by a test to reach a reminder's hour (and put back). */
const clock = jobClock();
/** Runs the jobs due at an instant. */
const runAt = (instant: Date) => clock.at(instant, () => t.app.jobs.runDue());
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url }, now: clock.now });
  frontdesk = await t.login('frontdesk');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const { freshSlot } = slotSource(() => t.database.db);

async function patient(name: string, allowEmail: boolean): Promise<{ id: number; email: string }> {
  const email = `${name.toLowerCase()}.${Date.now()}@mail.example`;
  const row = await t.database.db
    .insertInto('patients')
    .values({ first_name: name, last_name: 'Messages', email })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('patient_permissions')
    .values({ patient_id: row.id, allow_appointment_reminder_email: allowEmail })
    .execute();
  return { id: row.id, email };
}

async function book(
  patientId: number,
  at?: { officeId: number; date: string; time: string; doctorId: number },
): Promise<number> {
  const slot = at ?? { ...(await freshSlot(PORTLAND, 24)), officeId: PORTLAND, doctorId: 3 };
  return bookVisit(t, frontdesk, { ...slot, patientId });
}

const mailsTo = (address: string): ReceivedMail[] => smtp.received.filter((m) => m.to.includes(address));

function job(appointmentId: number) {
  return t.database.db
    .selectFrom('jobs')
    .selectAll()
    .where('idempotency_key', '=', confirmationJob(appointmentId).key)
    .executeTakeFirstOrThrow();
}

/** The .ics attachment of a raw message, decoded. */
function calendarFile(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /Content-Type: text\/calendar/i.test(p));
  if (!part) throw new Error('no calendar attachment');
  const [headers = '', ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(headers)) {
    return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    return content
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return content;
}

describe('the booking confirmation', () => {
  it('is queued with the booking and sent once, with the visit as a calendar file', async () => {
    const greta = await patient('Greta', true);
    const id = await book(greta.id);
    expect((await job(id)).state).toBe('queued');
    expect(mailsTo(greta.email)).toHaveLength(0);

    await t.app.jobs.runDue();
    const mails = mailsTo(greta.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/Subject: Your visit on \w+day, /);
    expect(mails[0]!.raw).toContain('Hello Greta');
    // No type of visit, diagnosis or procedure in the body.
    expect(mails[0]!.raw).not.toMatch(/\beval\b/i);
    const ics = calendarFile(mails[0]!.raw);
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toMatch(/DTSTART;TZID=America\/Los_Angeles:\d{8}T\d{6}/);
    expect(await job(id)).toMatchObject({ state: 'done', outcome: 'sent', attempts: 1 });

    // Run again, or queued again: nothing more goes out.
    expect(await enqueueJob(t.database.db, confirmationJob(id))).toBe(false);
    await t.app.jobs.runDue();
    expect(mailsTo(greta.email)).toHaveLength(1);
  });

  it('goes only to patients who allowed appointment e-mails', async () => {
    const hugo = await patient('Hugo', false);
    const id = await book(hugo.id);
    await t.app.jobs.runDue();
    expect(mailsTo(hugo.email)).toHaveLength(0);
    expect(await job(id)).toMatchObject({ state: 'done', outcome: 'suppressed: consent' });
  });

  it('is not sent for a visit canceled before it went out', async () => {
    const iris = await patient('Iris', true);
    const id = await book(iris.id);
    const cancel = await t.call({
      method: 'PATCH',
      url: `/api/appointments/update-conformation/${id}`,
      token: frontdesk,
      payload: { conformation: 'Canceled' },
    });
    expect(cancel.statusCode).toBe(200);
    await t.app.jobs.runDue();
    // Only the cancellation notice goes out.
    const mails = mailsTo(iris.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/Subject: Your visit on .* is canceled/);
    expect(await job(id)).toMatchObject({ state: 'done', outcome: 'skipped: Canceled' });
    // Its reminders find it canceled.
    await runAt(new Date(Date.now() + 60 * 86_400_000));
    expect(mailsTo(iris.email)).toHaveLength(1);
  });

  it('is not queued by a refused booking', async () => {
    await runAt(new Date(Date.now() + 60 * 86_400_000)); // nothing else left due
    const before = await t.database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.call({
      method: 'POST',
      url: '/api/appointments/add',
      token: frontdesk,
      payload: {
        officeId: PORTLAND,
        doctorId: 3,
        patientId: 999_999,
        appointmentDate: '2030-01-08',
        appointmentTime: '10:00',
        typeVisit: 'eval',
      },
    });
    expect(res.statusCode).toBe(400);
    const after = await t.database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('is tried again later when the mail server is down, and kept with its error', async () => {
    let clock = new Date();
    const down = await createTestApp({
      config: { smtpUrl: 'smtp://127.0.0.1:1' },
      now: () => clock,
    });
    try {
      const token = await down.login('frontdesk');
      const row = await down.database.db
        .insertInto('patients')
        .values({ first_name: 'Jonas', last_name: 'Messages', email: 'jonas.messages@mail.example' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await down.database.db
        .insertInto('patient_permissions')
        .values({ patient_id: row.id, allow_appointment_reminder_email: true })
        .execute();
      const slot = await slotSource(() => down.database.db).freshSlot(PORTLAND, 24);
      const res = await down.call({
        method: 'POST',
        url: '/api/appointments/add',
        token,
        payload: {
          officeId: PORTLAND,
          doctorId: 3,
          patientId: row.id,
          appointmentDate: slot.date,
          appointmentTime: slot.time,
          typeVisit: 'eval',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const key = confirmationJob(res.json().appoinmentId).key;
      clock = new Date();
      const read = () =>
        down.database.db
          .selectFrom('jobs')
          .selectAll()
          .where('idempotency_key', '=', key)
          .executeTakeFirstOrThrow();

      await down.app.jobs.runDue();
      const first = await read();
      expect(first).toMatchObject({ state: 'queued', attempts: 1 });
      expect(first.last_error).toBeTruthy();
      expect(new Date(first.run_at).getTime()).toBeGreaterThan(clock.getTime());
      // Not before its time...
      await down.app.jobs.runDue();
      expect((await read()).attempts).toBe(1);
      // ...then again.
      clock = new Date(new Date(first.run_at).getTime() + 1000);
      await down.app.jobs.runDue();
      expect((await read()).attempts).toBe(2);
      const outbox = await down.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('idempotency_key', '=', key)
        .execute();
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({ sent_at: null, attempts: 2 });
    } finally {
      await down.close();
    }
  });
});

const jobsOf = (appointmentId: number, kind: string) =>
  t.database.db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('idempotency_key', 'like', `appointment:${appointmentId}:%`)
    .where('idempotency_key', 'not like', '%:sms') // the e-mail ones; texts have their own tests
    .orderBy('run_at')
    .execute();

describe('reminders', () => {
  it('go out the day before at the visit’s hour and 2 hours before, not earlier', async () => {
    const kara = await patient('Kara', true);
    const id = await book(kara.id);
    await t.app.jobs.runDue(); // the confirmation
    const [dayBefore, twoHours] = await jobsOf(id, 'appointment.reminder');
    expect(dayBefore!.payload).toMatchObject({ lead: 'day-before' });
    const startsAt = new Date(String(dayBefore!.payload.startsAt));
    expect(startsAt.getTime() - new Date(dayBefore!.run_at).getTime()).toBe(24 * 3_600_000);
    expect(startsAt.getTime() - new Date(twoHours!.run_at).getTime()).toBe(2 * 3_600_000);

    await runAt(new Date(new Date(dayBefore!.run_at).getTime() - 60_000));
    expect(mailsTo(kara.email)).toHaveLength(1);
    await runAt(new Date(dayBefore!.run_at));
    expect(mailsTo(kara.email)).toHaveLength(2);
    expect(mailsTo(kara.email)[1]!.raw).toMatch(/Subject: Reminder: your visit on/);
    await runAt(new Date(twoHours!.run_at));
    expect(mailsTo(kara.email)).toHaveLength(3);
    expect(mailsTo(kara.email)[2]!.raw).toMatch(/Subject: Your visit today at/);
  });

  it('keep the visit’s hour across a change of the clocks (the day before is 23 hours ahead in March)', async () => {
    // Denver springs forward at 2:00 on Sunday 2027-03-14: a 9:00 visit that Sunday (MDT) is reminded on
    // Saturday at 9:00 (MST), 23 hours ahead.
    await t.database.db
      .insertInto('office_hours')
      .values([
        { office_id: 1, date: '2027-03-14', day_of_week: 'Sunday', open_hour: '08:00', close_hour: '17:00' },
      ])
      .onConflict((oc) => oc.columns(['office_id', 'date']).doNothing())
      .execute();
    const lena = await patient('Lena', true);
    const doctor = await t.database.db
      .selectFrom('doctors')
      .select('id')
      .where('office_id', '=', 1)
      .where('is_placeholder', '=', false)
      .where('specialty', 'not in', ['ADMIN', 'FRONT_DESK'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const id = await book(lena.id, { officeId: 1, doctorId: doctor.id, date: '2027-03-14', time: '09:00' });
    const [dayBefore, twoHours] = await jobsOf(id, 'appointment.reminder');
    expect(new Date(dayBefore!.run_at).toISOString()).toBe('2027-03-13T16:00:00.000Z'); // Saturday 9:00 MST
    expect(new Date(twoHours!.run_at).toISOString()).toBe('2027-03-14T13:00:00.000Z'); // Sunday 7:00 MDT
    await runAt(new Date('2027-03-13T15:59:00.000Z'));
    expect(mailsTo(lena.email)).toHaveLength(1); // the confirmation only
    await runAt(new Date('2027-03-13T16:00:00.000Z'));
    expect(mailsTo(lena.email)).toHaveLength(2);
  });

  it('are planned again when the visit moves, with a notice; the old ones send nothing', async () => {
    const mona = await patient('Mona', true);
    const id = await book(mona.id);
    const to = await freshSlot(PORTLAND, 24);
    const moved = await t.call({
      method: 'POST',
      url: `/api/appointments/${id}/move`,
      token: frontdesk,
      payload: { doctorId: 7, appointmentDate: to.date, appointmentTime: to.time },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.app.jobs.runDue();
    const mails = mailsTo(mona.email);
    expect(mails.map((m) => /Subject: ([^\r\n]*)/.exec(m.raw)?.[1])).toEqual([
      expect.stringMatching(/is booked$/),
      expect.stringMatching(/^Your visit has moved to /),
    ]);
    expect(mails[1]!.raw).toContain('text/calendar');
    const reminders = await jobsOf(id, 'appointment.reminder');
    expect(reminders).toHaveLength(4);
    // The old time's reminders are settled by the move itself, so the outbox shows them as not needed.
    expect(reminders.filter((j) => j.state === 'done').map((j) => j.outcome)).toEqual([
      'skipped: the visit has moved',
      'skipped: the visit has moved',
    ]);
    await runAt(new Date(Date.now() + 60 * 86_400_000));
    // Two reminders of the new time.
    expect(mailsTo(mona.email)).toHaveLength(4);
    const outcomes = (await jobsOf(id, 'appointment.reminder')).map((j) => j.outcome).sort();
    expect(outcomes).toEqual([
      'sent',
      'sent',
      'skipped: the visit has moved',
      'skipped: the visit has moved',
    ]);
  });

  it('are planned again for a visit moved back to a time it had before', async () => {
    const vera = await patient('Vera', true);
    const id = await book(vera.id);
    const [first] = await jobsOf(id, 'appointment.reminder');
    const startsAt = String(first!.payload.startsAt);
    const original = await t.database.db
      .selectFrom('appointments')
      .select(['appointment_date', 'appointment_time', 'doctor_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const elsewhere = await freshSlot(PORTLAND, 24);
    const move = (date: string, time: string) =>
      t.call({
        method: 'POST',
        url: `/api/appointments/${id}/move`,
        token: frontdesk,
        payload: { doctorId: original.doctor_id, appointmentDate: date, appointmentTime: time },
      });
    expect((await move(elsewhere.date, elsewhere.time)).statusCode).toBe(200);
    expect((await move(original.appointment_date, original.appointment_time.slice(0, 5))).statusCode).toBe(
      200,
    );
    const queued = (await jobsOf(id, 'appointment.reminder')).filter((j) => j.state === 'queued');
    expect(queued).toHaveLength(2);
    expect(queued.every((j) => j.payload.startsAt === startsAt)).toBe(true);
  });

  it('go to no one who turned appointment e-mails off', async () => {
    const nils = await patient('Nils', false);
    await book(nils.id);
    await runAt(new Date(Date.now() + 60 * 86_400_000));
    expect(mailsTo(nils.email)).toHaveLength(0);
  });
});

describe('GET /api/messages (the outbox)', () => {
  const list = (token: string | undefined, query = '') =>
    t.call({ method: 'GET', url: `/api/messages${query}`, token });

  it("lists a patient's messages with what became of them, newest first", async () => {
    const manager = await t.login('manager');
    const olga = await patient('Olga', true);
    const id = await book(olga.id);
    await t.app.jobs.runDue();
    const res = await list(manager, `?patientId=${olga.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const all = res.json() as OutboxMessage[];
    expect(all.every((m) => m.patientId === olga.id && m.patientName === 'Olga Messages')).toBe(true);
    // Olga allowed e-mails, not texts.
    expect(all.find((m) => m.channel === 'sms' && m.kind === 'appointment.confirmation')).toMatchObject({
      status: 'suppressed',
      detail: 'The patient has not allowed appointment texts.',
    });
    const items = all.filter((m) => m.channel === 'email');
    expect(items.map((m) => [m.kind, m.status])).toEqual([
      ['appointment.reminder', 'scheduled'],
      ['appointment.reminder', 'scheduled'],
      ['appointment.confirmation', 'sent'],
    ]);
    expect(items.every((m) => m.appointmentId === id && m.channel === 'email')).toBe(true);

    const pete = await patient('Pete', false);
    await book(pete.id);
    await t.app.jobs.runDue();
    const refused = (
      await list(manager, `?patientId=${pete.id}&status=suppressed`)
    ).json() as OutboxMessage[];
    expect(refused).toHaveLength(2); // the e-mail and the text
    expect(refused.find((m) => m.channel === 'email')).toMatchObject({
      kind: 'appointment.confirmation',
      status: 'suppressed',
      detail: 'The patient has not allowed appointment e-mails.',
    });
  });

  it('filters by status by the same rule it shows, and pages by key', async () => {
    const admin = await t.login('admin');
    for (const status of MESSAGE_STATUSES) {
      const items = (await list(admin, `?status=${status}&limit=100`)).json() as OutboxMessage[];
      expect(
        items.every((m) => m.status === status),
        status,
      ).toBe(true);
    }
    const first = await list(admin, '?limit=2');
    expect(first.json()).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toMatch(/cursor=/);
    const second = (await list(admin, next!.replace('/api/messages', ''))).json() as OutboxMessage[];
    const lastOfFirst = (first.json() as OutboxMessage[])[1]!;
    expect(second[0]!.dueAt <= lastOfFirst.dueAt).toBe(true);
    expect(second.map((m) => m.id)).not.toContain(lastOfFirst.id);
  });

  it('is in order of due time, the latest first, every page of it (issue 28)', async () => {
    const admin = await t.login('admin');
    // Walk every message in pages of 7: due times never go up, and no message comes twice.
    const seen: OutboxMessage[] = [];
    let query: string | null = '?limit=7';
    while (query !== null) {
      const res = await list(admin, query);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...(res.json() as OutboxMessage[]));
      const link = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
      query = link ? link.replace('/api/messages', '') : null;
    }
    expect(seen.length).toBeGreaterThan(7);
    const dues = seen.map((m) => m.dueAt);
    expect(dues).toEqual([...dues].sort().reverse());
    expect(new Set(seen.map((m) => m.id)).size).toBe(seen.length);
  });

  it('answers what goes out today and in the next 24 hours, in the order it goes out (issue 28)', async () => {
    const manager = await t.login('manager');
    const wren = await patient('Wren', true);
    const id = await book(wren.id);
    // A reminder due in an hour and one due in 30 hours: the first is in the next 24 hours, the second not.
    const soon = new Date(Date.now() + 3_600_000);
    const later = new Date(Date.now() + 30 * 3_600_000);
    const dueAt = (lead: string, at: Date) =>
      t.database.db
        .updateTable('jobs')
        .set({ run_at: at })
        .where('patient_id', '=', wren.id)
        .where('kind', '=', 'appointment.reminder')
        .where('idempotency_key', 'like', `%:${lead}:%`)
        .execute();
    await dueAt('2h', soon);
    await dueAt('day-before', later);
    const window = async (due: string) => {
      const res = await list(manager, `?patientId=${wren.id}&due=${due}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as OutboxMessage[];
    };
    const next24 = await window('next-24h');
    expect(next24.map((m) => [m.kind, m.channel])).toEqual([
      ['appointment.reminder', 'email'],
      ['appointment.reminder', 'sms'],
    ]);
    expect(next24.every((m) => m.appointmentId === id && m.dueAt === soon.toISOString())).toBe(true);
    // Today (the practice's calendar day): the confirmation due at booking first, then what comes after.
    const today = await window('today');
    const dues = today.map((m) => m.dueAt);
    expect(dues).toEqual([...dues].sort());
    expect(today[0]!.kind).toBe('appointment.confirmation');
    expect(today.some((m) => m.dueAt === later.toISOString())).toBe(false);
    // The whole list's window pages in the same order.
    const first = await list(manager, '?due=today&limit=1');
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link ?? ''))?.[1];
    if (next) {
      const second = (await list(manager, next.replace('/api/messages', ''))).json() as OutboxMessage[];
      expect(second[0]!.dueAt >= (first.json() as OutboxMessage[])[0]!.dueAt).toBe(true);
    }
    expect((await list(manager, '?due=tomorrow')).statusCode).toBe(400);
    expect((await list(manager, '?cursor=nonsense')).statusCode).toBe(400);
  });

  it('is for managers and administrators, and the read is audited with the patients it names', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(frontdesk)).statusCode).toBe(403);
    expect((await list(await t.login('patient'))).statusCode).toBe(403);
    expect((await list(await t.login('manager'), '?status=nope')).statusCode).toBe(400);
    const quinn = await patient('Quinn', true);
    await book(quinn.id);
    const manager = await t.login('manager');
    const rows = await auditedBy(t, 'message', 1, () => list(manager, `?patientId=${quinn.id}`));
    expect(rows.flatMap((r) => r.patient_ids ?? [])).toContain(quinn.id);
  });
});

describe.runIf(onServer)('two instances on one PostgreSQL', () => {
  let second: SecondInstance;
  beforeAll(async () => {
    second = await startSecondInstance(t, { now: clock.now });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('send each confirmation and each reminder exactly once', async () => {
    const people = await Promise.all(['Rosa', 'Sven', 'Tara', 'Umar'].map((n) => patient(n, true)));
    for (const p of people) await book(p.id);
    await Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue(), t.app.jobs.runDue()]);
    for (const p of people) expect(mailsTo(p.email)).toHaveLength(1);

    // Both instances' clocks past every reminder: each patient gets their two, once.
    await clock.at(new Date(Date.now() + 60 * 86_400_000), () =>
      Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue()]),
    );
    for (const p of people) expect(mailsTo(p.email)).toHaveLength(3);
  });
});
