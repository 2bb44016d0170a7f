import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateInZone } from '../src/platform/time/zoned-time';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['admin', 'manager', 'frontdesk', 'doctor', 'patient']) {
    tokens[user] = await t.login(user);
  }
});
afterAll(async () => {
  await t?.close();
});

const PORTLAND = 3; // America/Los_Angeles, 08:00-17:30 on weekdays, increments 1
const FUTURE = '2031-06-02'; // a Monday beyond the demo hours

const hoursRows = (officeId: number) =>
  t.database.db
    .selectFrom('office_hours')
    .selectAll()
    .where('office_id', '=', officeId)
    .orderBy('date')
    .execute();

const save = (payload: object, user: string | null = 'admin') =>
  t.call({ method: 'POST', url: '/api/office-hours/save', token: user ? tokens[user] : undefined, payload });

describe('reads are public', () => {
  it('GET /api/office-hours/all lists every office day with the spec field names, a page at a time', async () => {
    const res = await t.call({ method: 'GET', url: '/api/office-hours/all?limit=500' });
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.length).toBe(5 * 34);
    const first = await t.call({ method: 'GET', url: '/api/office-hours/all' });
    expect(first.json()).toHaveLength(50);
    expect(first.headers.link).toBe(
      `</api/office-hours/all?after=${first.json()[49].id}&limit=50>; rel="next"`,
    );
    expect(Object.keys(rows[0]).sort()).toEqual(
      ['closeHour', 'date', 'dayOfWeek', 'id', 'incraments', 'officeId', 'openHour'].sort(),
    );
  });

  it('GET /api/office-hours/office/{officeId} lists one office, optionally between dates', async () => {
    const all = (await t.call({ method: 'GET', url: `/api/office-hours/office/${PORTLAND}` })).json();
    expect(all).toHaveLength(34);
    expect(all.every((r: { officeId: number }) => r.officeId === PORTLAND)).toBe(true);
    const today = localDateInZone(new Date(), 'America/Los_Angeles');
    const week = (
      await t.call({
        method: 'GET',
        url: `/api/office-hours/office/${PORTLAND}?from=${today}&to=${addDays(today, 6)}`,
      })
    ).json();
    expect(week.map((r: { date: string }) => r.date)).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((d) => addDays(today, d)),
    );
    const open = week.find((r: { dayOfWeek: string }) => r.dayOfWeek === 'Monday');
    expect(open).toMatchObject({ openHour: '08:00', closeHour: '17:30', incraments: 1 });
    const sunday = week.find((r: { date: string }) => new Date(`${r.date}T12:00:00Z`).getUTCDay() === 0);
    expect(sunday).toMatchObject({ dayOfWeek: 'Closed', openHour: null, closeHour: null });

    expect((await t.call({ method: 'GET', url: '/api/office-hours/office/999' })).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/office-hours/office/${PORTLAND}?from=yesterday` }))
        .statusCode,
    ).toBe(400);
  });

  it('GET /api/office-hours/{id} and /office/{officeId}/date/{date}', async () => {
    const today = localDateInZone(new Date(), 'America/Los_Angeles');
    const byDate = await t.call({ method: 'GET', url: `/api/office-hours/office/${PORTLAND}/date/${today}` });
    expect(byDate.statusCode).toBe(200);
    const row = byDate.json();
    expect(row.date).toBe(today);
    const byId = await t.call({ method: 'GET', url: `/api/office-hours/${row.id}` });
    expect(byId.json()).toEqual(row);
    expect((await t.call({ method: 'GET', url: '/api/office-hours/999999' })).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/office-hours/office/${PORTLAND}/date/2040-01-01` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/office-hours/office/${PORTLAND}/date/2026-02-30` }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.call({ method: 'GET', url: '/api/office-hours/office/999/date/2026-01-05' })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/office-hours/save', () => {
  it.each([
    ['frontdesk', 403],
    ['doctor', 403],
    ['patient', 403],
    [null, 401],
  ] as const)('%s is refused (%i) and nothing is stored', async (user, status) => {
    const before = await hoursRows(PORTLAND);
    const res = await save({ officeId: PORTLAND, date: FUTURE, openHour: '09:00', closeHour: '12:00' }, user);
    expect(res.statusCode).toBe(status);
    expect(await hoursRows(PORTLAND)).toEqual(before);
  });

  it('a manager saves a day: weekday from the date, HH:MM times, incraments defaults to 1', async () => {
    const res = await save(
      { officeId: PORTLAND, date: FUTURE, openHour: '09:00', closeHour: '12:30:00' },
      'manager',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      officeId: PORTLAND,
      date: FUTURE,
      dayOfWeek: 'Monday',
      openHour: '09:00',
      closeHour: '12:30',
      incraments: 1,
    });
  });

  it('saving the same day again replaces it (one row per office and date)', async () => {
    const first = (
      await save({ officeId: PORTLAND, date: FUTURE, openHour: '09:00', closeHour: '12:00', incraments: 2 })
    ).json();
    const second = await save({
      officeId: PORTLAND,
      date: `${FUTURE}T00:00:00.000Z`,
      openHour: '10:00',
      closeHour: '16:00',
      increments: 3,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      id: first.id,
      openHour: '10:00',
      closeHour: '16:00',
      incraments: 3,
    });
    const rows = (await hoursRows(PORTLAND)).filter((r) => r.date === FUTURE);
    expect(rows).toHaveLength(1);
    const third = await save({
      officeId: PORTLAND,
      date: FUTURE,
      openHour: '10:00',
      closeHour: '16:00',
      increment: 4,
    });
    expect(third.json().incraments).toBe(4);
  });

  it('00:00 to 00:00 is stored as Closed; so is dayOfWeek "closed" in any case', async () => {
    const midnight = await save({
      officeId: PORTLAND,
      date: '2031-06-03',
      openHour: '00:00',
      closeHour: '00:00',
    });
    expect(midnight.json()).toMatchObject({ dayOfWeek: 'Closed', openHour: null, closeHour: null });
    const named = await save({ officeId: PORTLAND, date: '2031-06-04', dayOfWeek: 'CLOSED' });
    expect(named.json()).toMatchObject({ dayOfWeek: 'Closed', openHour: null, closeHour: null });
    const row = await t.database.db
      .selectFrom('office_hours')
      .selectAll()
      .where('office_id', '=', PORTLAND)
      .where('date', '=', '2031-06-03')
      .executeTakeFirstOrThrow();
    expect(row.day_of_week).toBe('Closed');
  });

  it.each([
    [{ date: 'next monday', openHour: '09:00', closeHour: '12:00' }, 400, /date must be a real date/],
    [{ date: '2031-02-30', openHour: '09:00', closeHour: '12:00' }, 400, /date must be a real date/],
    [{ date: '2031-13-01', openHour: '09:00', closeHour: '12:00' }, 400, /date must be a real date/],
    [{ date: '', openHour: '09:00', closeHour: '12:00' }, 400, /date/],
    [{ date: FUTURE, openHour: '25:00', closeHour: '26:00' }, 400, /openHour must be a time/],
    [{ date: FUTURE, openHour: '09:00', closeHour: '12:60' }, 400, /closeHour must be a time/],
    [{ date: FUTURE, openHour: 'nine', closeHour: '12:00' }, 400, /openHour must be a time/],
    [{ date: FUTURE, openHour: '12:00', closeHour: '09:00' }, 400, /openHour must be before closeHour/],
    [{ date: FUTURE, openHour: '09:00', closeHour: '09:00' }, 400, /openHour must be before closeHour/],
    [{ date: FUTURE, openHour: '09:00' }, 400, /closeHour is required/],
    [{ date: FUTURE }, 400, /openHour is required/],
    [{ date: FUTURE, openHour: '09:00', closeHour: '12:00', incraments: 0 }, 400, /incraments/],
    [{ date: FUTURE, openHour: '09:00', closeHour: '12:00', incraments: '2' }, 400, /incraments/],
    [{ date: FUTURE, openHour: '09:00', closeHour: '12:00', incraments: 1.5 }, 400, /incraments/],
    [{ officeId: 999, date: FUTURE, openHour: '09:00', closeHour: '12:00' }, 404, /Office not found/],
    [{ officeId: 'x', date: FUTURE, openHour: '09:00', closeHour: '12:00' }, 400, /officeId/],
  ])('bad input %# gets a clear 4xx and changes nothing', async (payload, status, message) => {
    const before = await hoursRows(PORTLAND);
    const res = await save({ officeId: PORTLAND, ...payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await hoursRows(PORTLAND)).toEqual(before);
  });
});

describe('POST /api/office-hours/save-range', () => {
  it('saves the same hours for the chosen weekdays of a range, in one go', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/office-hours/save-range',
      token: tokens.manager,
      payload: {
        officeId: PORTLAND,
        startDate: '2032-03-01',
        endDate: '2032-03-14',
        weekdays: ['Monday', 'wednesday', 'Friday'],
        openHour: '08:00',
        closeHour: '12:00',
        incraments: 2,
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.saved).toBe(6);
    expect(body.hours.map((h: { date: string; dayOfWeek: string }) => `${h.date} ${h.dayOfWeek}`)).toEqual([
      '2032-03-01 Monday',
      '2032-03-03 Wednesday',
      '2032-03-05 Friday',
      '2032-03-08 Monday',
      '2032-03-10 Wednesday',
      '2032-03-12 Friday',
    ]);
  });

  it.each([
    [{ startDate: '2032-04-10', endDate: '2032-04-01' }, /endDate must not be before startDate/],
    [{ startDate: '2032-01-01', endDate: '2033-06-01' }, /at most 366 days/],
    [{ startDate: '2032-04-01', endDate: '2032-04-02', weekdays: ['Funday'] }, /not a day of the week/],
    [{ startDate: '2032-04-05', endDate: '2032-04-06', weekdays: ['Sunday'] }, /No day in that range/],
    [
      { startDate: '2032-04-01', endDate: '2032-04-30', openHour: '18:00', closeHour: '08:00' },
      /before closeHour/,
    ],
    [{ startDate: '2032-04-31', endDate: '2032-05-30' }, /startDate must be a real date/],
  ])('bad input %# gets a 400 and stores nothing', async (overrides, message) => {
    const before = await hoursRows(PORTLAND);
    const res = await t.call({
      method: 'POST',
      url: '/api/office-hours/save-range',
      token: tokens.admin,
      payload: { officeId: PORTLAND, openHour: '08:00', closeHour: '12:00', ...overrides },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await hoursRows(PORTLAND)).toEqual(before);
  });

  it('refuses other roles', async () => {
    for (const user of ['frontdesk', 'doctor', 'patient']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/office-hours/save-range',
        token: tokens[user],
        payload: {
          officeId: PORTLAND,
          startDate: '2032-05-01',
          endDate: '2032-05-02',
          openHour: '08:00',
          closeHour: '12:00',
        },
      });
      expect(res.statusCode, user).toBe(403);
    }
  });
});

describe('DELETE /api/office-hours/delete/{id}', () => {
  it('only an admin deletes a day', async () => {
    const row = (
      await save({ officeId: PORTLAND, date: '2031-07-01', openHour: '09:00', closeHour: '12:00' })
    ).json();
    for (const user of ['manager', 'frontdesk', 'doctor', 'patient']) {
      const res = await t.call({
        method: 'DELETE',
        url: `/api/office-hours/delete/${row.id}`,
        token: tokens[user],
      });
      expect(res.statusCode, user).toBe(403);
    }
    expect((await t.call({ method: 'DELETE', url: `/api/office-hours/delete/${row.id}` })).statusCode).toBe(
      401,
    );
    const res = await t.call({
      method: 'DELETE',
      url: `/api/office-hours/delete/${row.id}`,
      token: tokens.admin,
    });
    expect(res.statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: `/api/office-hours/${row.id}` })).statusCode).toBe(404);
    const again = await t.call({
      method: 'DELETE',
      url: `/api/office-hours/delete/${row.id}`,
      token: tokens.admin,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('GET /api/office-hours/validate', () => {
  beforeAll(async () => {
    await save({ officeId: PORTLAND, date: '2031-09-01', openHour: '08:00', closeHour: '17:30' });
    await save({ officeId: PORTLAND, date: '2031-09-02', openHour: '00:00', closeHour: '00:00' });
  });
  const validate = (query: string) => t.call({ method: 'GET', url: `/api/office-hours/validate?${query}` });

  it.each([
    ['08:00', true, null],
    ['08:30', true, null],
    ['17:00', true, null],
    ['17:00:00', true, null],
    ['17:30', false, /outside office hours \(8:00 am – 5:30 pm\)/],
    ['07:30', false, /outside office hours/],
    ['08:15', false, /not on a 30-minute slot/],
  ])('at %s valid is %s', async (time, valid, reason) => {
    const res = await validate(`officeId=${PORTLAND}&date=2031-09-01&time=${time}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.valid).toBe(valid);
    if (reason) expect(body.reason).toMatch(reason);
    else expect(body.reason).toBeNull();
    expect(body).toMatchObject({
      officeId: PORTLAND,
      date: '2031-09-01',
      openHour: '08:00',
      closeHour: '17:30',
    });
  });

  it('a closed day and a day without hours are not valid', async () => {
    const closed = (await validate(`officeId=${PORTLAND}&date=2031-09-02&time=10:00`)).json();
    expect(closed).toMatchObject({ valid: false, reason: 'The office is closed on that day.' });
    const none = (await validate(`officeId=${PORTLAND}&date=2035-01-01&time=10:00`)).json();
    expect(none.valid).toBe(false);
  });

  it('is public and uses the date as written (office-local), also with a time attached', async () => {
    const res = await validate(`officeId=${PORTLAND}&date=2031-09-01T23:00:00Z&time=09:00`);
    expect(res.json()).toMatchObject({ date: '2031-09-01', valid: true });
  });

  it.each([
    [`officeId=${PORTLAND}&date=2031-09-01&time=25:00`, 400],
    [`officeId=${PORTLAND}&date=2031-09-01&time=9am`, 400],
    [`officeId=${PORTLAND}&date=2031-02-30&time=09:00`, 400],
    [`officeId=${PORTLAND}&date=soon&time=09:00`, 400],
    ['officeId=999&date=2031-09-01&time=09:00', 404],
    ['date=2031-09-01&time=09:00', 400],
    [`officeId=${PORTLAND}&time=09:00`, 400],
    [`officeId=abc&date=2031-09-01&time=09:00`, 400],
  ])('%s gets %i', async (query, status) => {
    const res = await validate(query);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(expect.any(String));
  });
});
