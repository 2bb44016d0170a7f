import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotSource } from './fresh-slots';
import { startSmtpServer } from './smtp';
import { createTestApp, type TestApp } from './test-app';

/**
 * The calendar files that leave the app (issue 28), read as a mail client and a calendar app read them: the
 * e-mails through mailparser, their .ics attachments and the download through Mozilla's ical.js. A file
 * says where and when, with whom and how to reach the office, never the type of visit or the visit's notes;
 * it keeps the visit's UID, its SEQUENCE goes up with each move, and a cancellation sends a METHOD:CANCEL.
 */
const PORTLAND = 3;
const NOTES = '6 weeks post-op, right knee';
/** Words that would say what the visit is for: its type ('eval'), its notes, a label of either. */
const CLINICAL = /eval|post-op|knee|type of visit|notes/i;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let frontdesk: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://clinic.example' } });
  frontdesk = await t.login('frontdesk');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const { freshSlot } = slotSource(() => t.database.db);

async function patientAllowingEmail(name: string): Promise<{ id: number; email: string }> {
  const email = `${name.toLowerCase()}.${Date.now()}@calendar.example`;
  const row = await t.database.db
    .insertInto('patients')
    .values({ first_name: name, last_name: 'Calendar', email })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('patient_permissions')
    .values({ patient_id: row.id, allow_appointment_reminder_email: true })
    .execute();
  return { id: row.id, email };
}

/** Books an evaluation with clinical notes, as the front desk does. */
async function bookWithNotes(patientId: number): Promise<number> {
  const slot = await freshSlot(PORTLAND, 24);
  const res = await t.call({
    method: 'POST',
    url: '/api/appointments/add',
    token: frontdesk,
    payload: {
      officeId: PORTLAND,
      doctorId: 3,
      patientId,
      appointmentDate: slot.date,
      appointmentTime: slot.time,
      typeVisit: 'eval',
      notes: NOTES,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().appoinmentId as number;
}

async function move(id: number) {
  const to = await freshSlot(PORTLAND, 24);
  const res = await t.call({
    method: 'POST',
    url: `/api/appointments/${id}/move`,
    token: frontdesk,
    payload: { doctorId: 3, appointmentDate: to.date, appointmentTime: to.time },
  });
  expect(res.statusCode, res.body).toBe(200);
}

interface CalendarFile {
  method: string;
  uid: string;
  sequence: number;
  summary: string;
  description: string;
  status: string;
  organizer: string;
  start: string;
}

/** A calendar file as ical.js reads it. */
function readCalendar(text: string): CalendarFile {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const event = new ICAL.Event(vevent);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    summary: event.summary,
    description: event.description,
    status: String(vevent.getFirstPropertyValue('status')),
    organizer: String(vevent.getFirstPropertyValue('organizer')),
    start: event.startDate.toString(),
  };
}

/** The patient's e-mails, parsed, oldest first, each with its calendar attachment read (if any). */
async function mailsTo(address: string) {
  const raws = smtp.received.filter((m) => m.to.includes(address)).map((m) => m.raw);
  return Promise.all(
    raws.map(async (raw) => {
      const mail = await simpleParser(raw);
      const ics = mail.attachments.find((a) => a.contentType === 'text/calendar');
      return {
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        // The attachment's own Content-Type names the method too (text/calendar; method=CANCEL).
        icsMethod: (ics?.headers.get('content-type') as { params?: { method?: string } } | undefined)?.params
          ?.method,
        calendar: ics ? readCalendar(ics.content.toString('utf8')) : null,
      };
    }),
  );
}

describe('calendar files in the messages about a visit', () => {
  it('say nothing clinical: no type of visit, no notes, in the summary or the description', async () => {
    const ada = await patientAllowingEmail('Ada');
    const id = await bookWithNotes(ada.id);
    await t.app.jobs.runDue();
    const [confirmation] = await mailsTo(ada.email);
    const file = confirmation!.calendar!;
    expect(file.summary).toBe('Appointment at Summit PT Portland Pearl District');
    expect(file.summary).not.toMatch(CLINICAL);
    expect(file.description).not.toMatch(CLINICAL);
    expect(file.description).toContain('Office phone:');
    expect(file.organizer).toBe('mailto:care@summitpt.example');
    expect(file).toMatchObject({ method: 'PUBLISH', uid: `appointment-${id}@clinic.example`, sequence: 0 });
    expect(file.status).toBe('CONFIRMED');
    expect(confirmation!.text).not.toMatch(CLINICAL);
  });

  it('keep the UID and raise the SEQUENCE with each move, and cancel the visit with METHOD:CANCEL', async () => {
    const bo = await patientAllowingEmail('Bo');
    const id = await bookWithNotes(bo.id);
    await t.app.jobs.runDue();
    await move(id);
    await t.app.jobs.runDue();
    await move(id);
    await t.app.jobs.runDue();
    const cancel = await t.call({
      method: 'PATCH',
      url: `/api/appointments/update-conformation/${id}`,
      token: frontdesk,
      payload: { conformation: 'Canceled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.jobs.runDue();

    const mails = await mailsTo(bo.email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/is booked$/),
      expect.stringMatching(/^Your visit has moved to /),
      expect.stringMatching(/^Your visit has moved to /),
      expect.stringMatching(/is canceled$/),
    ]);
    const files = mails.map((m) => m.calendar!);
    expect(new Set(files.map((f) => f.uid))).toEqual(new Set([`appointment-${id}@clinic.example`]));
    expect(files.map((f) => f.sequence)).toEqual([0, 1, 2, 3]);
    expect(files[1]!.start).not.toBe(files[0]!.start);
    expect(files.map((f) => f.method)).toEqual(['PUBLISH', 'PUBLISH', 'PUBLISH', 'CANCEL']);
    expect(files[3]!.status).toBe('CANCELLED');
    expect(mails[3]!.icsMethod).toBe('CANCEL');
    for (const f of files) expect(`${f.summary} ${f.description}`).not.toMatch(CLINICAL);
  });

  it('do not raise the SEQUENCE for what the file does not show (the type of visit)', async () => {
    const cy = await patientAllowingEmail('Cy');
    const id = await bookWithNotes(cy.id);
    const retyped = await t.call({
      method: 'PUT',
      url: `/api/appointments/update-typevisit/${id}?oldVisit=eval&newVisit=${encodeURIComponent('visit (pay)')}`,
      token: await t.login('admin'),
    });
    expect(retyped.statusCode, retyped.body).toBe(200);
    const download = await t.call({
      method: 'GET',
      url: `/api/appointments/${id}/calendar.ics`,
      token: frontdesk,
    });
    expect(readCalendar(download.body).sequence).toBe(0);
  });
});

describe('GET /api/appointments/{id}/calendar.ics', () => {
  it('follows the same rule: nothing clinical, the current SEQUENCE, a cancel for a canceled visit', async () => {
    const di = await patientAllowingEmail('Di');
    const id = await bookWithNotes(di.id);
    const download = async () => {
      const res = await t.call({
        method: 'GET',
        url: `/api/appointments/${id}/calendar.ics`,
        token: frontdesk,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      return readCalendar(res.body);
    };
    const first = await download();
    expect(first).toMatchObject({ method: 'PUBLISH', sequence: 0 });
    expect(`${first.summary} ${first.description}`).not.toMatch(CLINICAL);
    await move(id);
    expect((await download()).sequence).toBe(1);
    await t.call({
      method: 'PATCH',
      url: `/api/appointments/update-conformation/${id}`,
      token: frontdesk,
      payload: { conformation: 'Canceled' },
    });
    expect(await download()).toMatchObject({ method: 'CANCEL', sequence: 2, status: 'CANCELLED' });
  });
});
