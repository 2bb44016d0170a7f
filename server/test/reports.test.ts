import { type DailyReport, REPORT_MESSAGES } from '@clinic/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/platform/time/zoned-time';
import { slotSource } from './fresh-slots';
import { createTestApp, type TestApp } from './test-app';
import { visitDayClock } from './visit-day-clock';

/**
 * The daily report (issue 15): an office's visits per day and per provider, with completed visits, no-shows,
 * cancellations and new patients, for managers and admins.
 */
const PORTLAND = 3; // one visit per slot; doctors 3, 7, 14
let t: TestApp;
const USERS = ['admin', 'manager', 'frontdesk', 'doctor', 'patient'] as const;
const tokens = {} as Record<(typeof USERS)[number], string>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  for (const user of USERS) tokens[user] = await t.login(user);
});
afterAll(async () => {
  await t?.close();
});

const { freshSlot } = slotSource(() => t.database.db);
const report = (token: string | undefined, query: string) =>
  t.call({ method: 'GET', url: `/api/reports/daily?${query}`, token });

async function book(patientId: number, doctorId: number, slot: { date: string; time: string }) {
  const res = await t.call({
    method: 'POST',
    url: '/api/appointments/add',
    token: tokens.frontdesk,
    payload: {
      officeId: PORTLAND,
      doctorId,
      patientId,
      appointmentDate: slot.date,
      appointmentTime: slot.time,
      typeVisit: 'eval',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().appoinmentId as number;
}

/** Check-in happens on the visit's day (decision 0054): status changes run at the visit's start. */
const clock = visitDayClock(() => t.database.db);

const setStatus = async (id: number, ...steps: string[]) => {
  for (const conformation of steps) {
    const res = await clock.atVisit(id, () =>
      t.call({
        method: 'PATCH',
        url: `/api/appointments/update-conformation/${id}`,
        token: tokens.frontdesk,
        payload: { conformation },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  }
};

describe('GET /api/reports/daily', () => {
  it("counts a day's visits by status, per provider, and the patients whose first visit it is", async () => {
    const slot = await freshSlot(PORTLAND, 28);
    const day = slot.date;
    const newcomer = await t.database.db
      .insertInto('patients')
      .values({ first_name: 'Nina', last_name: 'Novak', email: 'nina.novak@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const emily = await t.patientIdOf('patient');
    const james = await t.patientIdOf('patient2');
    const first = await book(newcomer.id, 3, slot);
    const second = await book(emily, 3, await freshSlot(PORTLAND, 28));
    const third = await book(james, 7, await freshSlot(PORTLAND, 28));
    await setStatus(first, 'Walked In', 'In Room', 'Completed');
    await setStatus(second, 'No Show');
    await setStatus(third, 'Canceled');

    const res = await report(tokens.manager, `officeId=${PORTLAND}&from=${addDays(day, -1)}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as DailyReport;
    expect(body.days).toEqual([
      { date: addDays(day, -1), visits: 0, completed: 0, noShow: 0, canceled: 0, newPatients: 0 },
      { date: day, visits: 3, completed: 1, noShow: 1, canceled: 1, newPatients: 1 },
    ]);
    expect(body.providers).toEqual([
      { doctorId: 3, name: 'Priya Raman', visits: 2, completed: 1, noShow: 1, canceled: 0 },
      expect.objectContaining({ doctorId: 7, visits: 1, canceled: 1 }),
    ]);
    // No patient is named anywhere in the report.
    expect(res.body).not.toContain('Novak');
  });

  it('is for managers and admins, and refuses bad ranges with a clear message', async () => {
    const range = 'officeId=3&from=2030-01-01&to=2030-01-31';
    expect((await report(undefined, range)).statusCode).toBe(401);
    for (const user of ['frontdesk', 'doctor', 'patient'] as const) {
      expect((await report(tokens[user], range)).statusCode, user).toBe(403);
    }
    expect((await report(tokens.admin, range)).json().days).toHaveLength(31);
    const backwards = await report(tokens.manager, 'officeId=3&from=2030-01-31&to=2030-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(REPORT_MESSAGES.rangeOrder);
    const long = await report(tokens.manager, 'officeId=3&from=2030-01-01&to=2030-06-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(REPORT_MESSAGES.rangeTooLong);
    expect((await report(tokens.manager, 'officeId=3&from=2030-02-30&to=2030-03-01')).statusCode).toBe(400);
    expect((await report(tokens.manager, 'officeId=999&from=2030-01-01&to=2030-01-02')).statusCode).toBe(404);
  });
});
