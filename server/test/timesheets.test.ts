import { TIMESHEET_MESSAGES, type Timesheet, type TimesheetShift } from '@clinic/contract/timesheets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateInZone, zonedWallTimeToInstant } from '../src/platform/time/zoned-time';
import { auditedBy } from './audit-rows';
import { createTestApp, type TestApp } from './test-app';

/**
 * Timesheets (issue 15): an office's shifts over a range for managers and admins, with corrections that keep
 * the original and say who made them and why.
 */
const DENVER = 1;
const ZONE = 'America/Denver';
let t: TestApp;
const USERS = ['admin', 'manager', 'frontdesk', 'doctor', 'patient'] as const;
const tokens = {} as Record<(typeof USERS)[number], string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const user of USERS) tokens[user] = await t.login(user);
});
afterAll(async () => {
  await t?.close();
});

const today = () => localDateInZone(new Date(), ZONE);
const sheet = (token: string | undefined, query: string) =>
  t.call({ method: 'GET', url: `/api/timesheets?${query}`, token });
const correct = (token: string | undefined, id: number, body: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: `/api/timesheets/shifts/${id}`, token, payload: body });

async function denverWeek(): Promise<Timesheet> {
  const res = await sheet(
    tokens.manager,
    `officeId=${DENVER}&from=${addDays(today(), -14)}&to=${addDays(today(), -1)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Timesheet;
}

describe('GET /api/timesheets', () => {
  it("lists every member of the office's staff and their shifts in the range, with breaks", async () => {
    const body = await denverWeek();
    expect(body).toMatchObject({ officeId: DENVER, timeZone: ZONE });
    expect(body.staff.map((s) => s.name)).toContain('Maya Lindqvist');
    // The demo seed clocks ten weekdays of the last two weeks for each of them.
    const maya = body.staff.find((s) => s.name === 'Maya Lindqvist')!;
    const hers = body.shifts.filter((s) => s.doctorId === maya.doctorId);
    expect(hers).toHaveLength(10);
    for (const shift of hers) {
      expect(shift.workDate >= addDays(today(), -14) && shift.workDate < today()).toBe(true);
      expect(shift.breaks).toHaveLength(1);
      expect(shift.totalWorked).toBe((Date.parse(shift.clockOut!) - Date.parse(shift.clockIn)) / 60_000 - 30);
      expect(shift.corrections).toEqual([]);
      expect(shift.original).toBeNull();
    }
    // No one from another office.
    const austin = await sheet(tokens.admin, `officeId=2&from=${addDays(today(), -14)}&to=${today()}`);
    const ids = new Set((austin.json() as Timesheet).shifts.map((s) => s.doctorId));
    expect(ids.has(maya.doctorId)).toBe(false);
  });

  it('is for managers and admins, and refuses bad ranges with a clear message', async () => {
    const range = `officeId=${DENVER}&from=${addDays(today(), -7)}&to=${today()}`;
    expect((await sheet(undefined, range)).statusCode).toBe(401);
    for (const user of ['frontdesk', 'doctor', 'patient'] as const) {
      expect((await sheet(tokens[user], range)).statusCode, user).toBe(403);
    }
    expect((await sheet(tokens.admin, range)).statusCode).toBe(200);
    const backwards = await sheet(
      tokens.manager,
      `officeId=${DENVER}&from=${today()}&to=${addDays(today(), -1)}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(TIMESHEET_MESSAGES.rangeOrder);
    const long = await sheet(
      tokens.manager,
      `officeId=${DENVER}&from=${addDays(today(), -31)}&to=${today()}`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(TIMESHEET_MESSAGES.rangeTooLong);
    expect((await sheet(tokens.manager, `officeId=${DENVER}&from=2030-02-30&to=2030-03-01`)).statusCode).toBe(
      400,
    );
    expect((await sheet(tokens.manager, `officeId=999&from=${today()}&to=${today()}`)).statusCode).toBe(404);
  });
});

describe('PUT /api/timesheets/shifts/{id}', () => {
  it('corrects a shift, keeps the original and records who and why, audited in its transaction', async () => {
    const before = (await denverWeek()).shifts[0]!;
    let res!: Awaited<ReturnType<typeof correct>>;
    const rows = await auditedBy(t, 'clock_log', 1, async () => {
      res = await correct(tokens.manager, before.id, {
        clockIn: '08:00',
        clockOut: '17:30',
        breaks: [
          { start: '12:00', end: '12:45' },
          { start: '15:00', end: '15:15' },
        ],
        reason: 'Forgot to clock out; confirmed with the office manager.',
      });
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'update',
        resource_id: String(before.id),
        actor_username: 'manager',
      }),
    ]);
    const shift = res.json() as TimesheetShift;
    expect(shift.clockIn).toBe(zonedWallTimeToInstant(before.workDate, '08:00', ZONE).toISOString());
    expect(shift.clockOut).toBe(zonedWallTimeToInstant(before.workDate, '17:30', ZONE).toISOString());
    expect(shift.totalWorked).toBe(9.5 * 60 - 60);
    expect(shift.breaks).toHaveLength(2);
    expect(shift.corrections).toEqual([
      expect.objectContaining({
        by: 'manager',
        reason: 'Forgot to clock out; confirmed with the office manager.',
      }),
    ]);
    expect(shift.original).toEqual({
      clockIn: before.clockIn,
      clockOut: before.clockOut,
      breaks: before.breaks,
    });

    // A second correction keeps the first original.
    const again = await correct(tokens.admin, before.id, {
      clockIn: '08:00',
      clockOut: '17:00',
      breaks: [],
      reason: 'No breaks that day.',
    });
    expect(again.statusCode, again.body).toBe(200);
    const twice = again.json() as TimesheetShift;
    expect(twice.totalWorked).toBe(9 * 60);
    expect(twice.corrections.map((c) => c.by)).toEqual(['manager', 'admin']);
    expect(twice.original?.clockIn).toBe(before.clockIn);
    const listed = (await denverWeek()).shifts.find((s) => s.id === before.id);
    expect(listed).toEqual(twice);
  });

  it('refuses a break outside the shift, overlapping breaks, no reason and other roles, changing nothing', async () => {
    const shift = (await denverWeek()).shifts[1]!;
    const base = { clockIn: '08:00', clockOut: '16:00', reason: 'Fix' };
    const outside = await correct(tokens.manager, shift.id, {
      ...base,
      breaks: [{ start: '16:30', end: '16:45' }],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(TIMESHEET_MESSAGES.breakOutsideShift);
    const overlap = await correct(tokens.manager, shift.id, {
      ...base,
      breaks: [
        { start: '12:00', end: '12:30' },
        { start: '12:15', end: '12:45' },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().message).toBe(TIMESHEET_MESSAGES.breaksOverlap);
    expect((await correct(tokens.manager, shift.id, { ...base, breaks: [], reason: '   ' })).statusCode).toBe(
      400,
    );
    expect(
      (await correct(tokens.manager, shift.id, { ...base, breaks: [], clockIn: '8:00' })).statusCode,
    ).toBe(400);
    expect((await correct(tokens.frontdesk, shift.id, { ...base, breaks: [] })).statusCode).toBe(403);
    expect((await correct(tokens.doctor, shift.id, { ...base, breaks: [] })).statusCode).toBe(403);
    expect((await correct(tokens.manager, 99999999, { ...base, breaks: [] })).statusCode).toBe(404);
    const after = (await denverWeek()).shifts.find((s) => s.id === shift.id);
    expect(after).toEqual(shift);
  });

  it('a clock-out earlier than the clock-in ends the shift on the next day (a night shift)', async () => {
    const shift = (await denverWeek()).shifts[2]!;
    const res = await correct(tokens.manager, shift.id, {
      clockIn: '22:00',
      clockOut: '06:00',
      breaks: [{ start: '02:00', end: '02:30' }],
      reason: 'Night cover.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clockOut).toBe(
      zonedWallTimeToInstant(addDays(shift.workDate, 1), '06:00', ZONE).toISOString(),
    );
    expect(res.json().totalWorked).toBe(8 * 60 - 30);
  });
});
