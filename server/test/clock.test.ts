import { MSG, msg } from '@clinic/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_NOT_YOURS } from '../src/modules/clock/clock.service';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
type User = 'admin' | 'manager' | 'frontdesk' | 'doctor' | 'patient';
const tokens = {} as Record<User, string>;
const doctorIds = {} as Record<'manager' | 'frontdesk' | 'doctor', number>;

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['admin', 'manager', 'frontdesk', 'doctor', 'patient'] as const)
    tokens[user] = await t.login(user);
  for (const user of ['manager', 'frontdesk', 'doctor'] as const) {
    const own = await t.call({
      method: 'GET',
      url: `/api/doctorinfo/doctor/by-username/${user}`,
      token: tokens[user],
    });
    expect(own.statusCode, own.body).toBe(200);
    doctorIds[user] = own.json().doctorId;
  }
});
afterAll(async () => {
  await t?.close();
});

const act = (action: string, id: number, token?: string) =>
  t.call({ method: 'POST', url: `/api/doctor-clock/${action}/${id}`, token });
const status = (id: number, token?: string) =>
  t.call({ method: 'GET', url: `/api/doctor-clock/status/${id}`, token });
const today = (id: number, token?: string) =>
  t.call({ method: 'GET', url: `/api/doctor-clock/logs/today/${id}`, token });

describe('doctor clock (spec §7 Doctor clock, §4)', () => {
  it('needs a staff token', async () => {
    const id = doctorIds.doctor;
    expect((await status(id)).statusCode).toBe(401);
    expect((await act('clock-in', id)).statusCode).toBe(401);
    expect((await status(id, tokens.patient)).statusCode).toBe(403);
    expect((await act('clock-in', id, tokens.patient)).statusCode).toBe(403);
    expect((await today(id, tokens.patient)).statusCode).toBe(403);
  });

  it('a doctor clocks in, takes a break, resumes and clocks out; the day shows the shift', async () => {
    const id = doctorIds.doctor;
    const token = tokens.doctor;
    expect((await status(id, token)).json()).toEqual({ clockedIn: false, onBreak: false });

    const started = await act('clock-in', id, token);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ doctorId: id, clockOut: null, totalWorked: null, breaks: [] });
    expect((await status(id, token)).json()).toEqual({ clockedIn: true, onBreak: false });

    const onBreak = await act('start-break', id, token);
    expect(onBreak.statusCode, onBreak.body).toBe(200);
    expect(onBreak.json().breaks).toEqual([{ breakStart: expect.any(String), breakEnd: null }]);
    expect((await status(id, token)).json()).toEqual({ clockedIn: true, onBreak: true });

    const resumed = await act('end-break', id, token);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().breaks[0].breakEnd).toEqual(expect.any(String));
    expect((await status(id, token)).json()).toEqual({ clockedIn: true, onBreak: false });

    const ended = await act('clock-out', id, token);
    expect(ended.statusCode, ended.body).toBe(200);
    const shift = ended.json();
    expect(shift.clockOut).toEqual(expect.any(String));
    expect(shift.totalWorked).toBe(0);
    expect(Date.parse(shift.clockOut)).toBeGreaterThanOrEqual(Date.parse(shift.clockIn));
    expect((await status(id, token)).json()).toEqual({ clockedIn: false, onBreak: false });

    const day = await today(id, token);
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json()).toEqual([shift]);
    expect(shift.workDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses what the buttons would not offer, with a message, and changes nothing', async () => {
    const id = doctorIds.frontdesk;
    const token = tokens.frontdesk;
    const refused = async (action: string, message: string) => {
      const res = await act(action, id, token);
      expect(res.statusCode, `${action}: ${res.body}`).toBe(409);
      expect(res.json().message).toBe(message);
    };
    await refused('clock-out', MSG.notClockedIn);
    await refused('start-break', MSG.notClockedIn);
    await refused('end-break', MSG.notClockedIn);
    expect((await today(id, token)).json()).toEqual([]);

    expect((await act('clock-in', id, token)).statusCode).toBe(200);
    await refused('clock-in', MSG.alreadyClockedIn);
    await refused('end-break', MSG.notOnBreak);
    expect((await act('start-break', id, token)).statusCode).toBe(200);
    await refused('start-break', MSG.alreadyOnBreak);

    // Clocking out on a break ends the break too.
    const ended = await act('clock-out', id, token);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().breaks).toEqual([
      { breakStart: expect.any(String), breakEnd: ended.json().clockOut },
    ]);
    expect((await today(id, token)).json()).toHaveLength(1);
  });

  it("nobody uses another person's clock; ADMIN and MANAGER may read it, and are told 403 on a change", async () => {
    const id = doctorIds.doctor;
    const res = await act('clock-in', id, tokens.frontdesk);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(msg.doctorNotFound(id));
    // A record they may see but not change is a 403, not 'not found' (issue 15).
    for (const token of [tokens.manager, tokens.admin]) {
      for (const action of ['clock-in', 'clock-out'] as const) {
        const refused = await act(action, id, token);
        expect(refused.statusCode, action).toBe(403);
        expect(refused.json().message).toBe(CLOCK_NOT_YOURS);
      }
      expect((await act('clock-in', 999_999, token)).statusCode).toBe(404);
    }
    expect((await status(id, tokens.doctor)).json()).toEqual({ clockedIn: false, onBreak: false });
    expect((await status(id, tokens.frontdesk)).statusCode).toBe(404);
    expect((await today(id, tokens.frontdesk)).statusCode).toBe(404);
    expect((await status(id, tokens.manager)).statusCode).toBe(200);
    expect((await today(id, tokens.admin)).statusCode).toBe(200);
    expect((await status(id, tokens.doctor)).json()).toEqual({ clockedIn: false, onBreak: false });
  });

  it('answers 404 for a record that does not exist and 400 for an id that is not one', async () => {
    expect((await status(999_999, tokens.admin)).statusCode).toBe(404);
    expect((await act('clock-in', 999_999, tokens.doctor)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      const res = await t.call({
        method: 'GET',
        url: `/api/doctor-clock/status/${bad}`,
        token: tokens.admin,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('two clock-ins at once open one shift; two breaks at once open one break', async () => {
    const id = doctorIds.manager;
    const token = tokens.manager;
    const ins = await Promise.all(Array.from({ length: 6 }, () => act('clock-in', id, token)));
    expect(ins.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const breaks = await Promise.all(Array.from({ length: 6 }, () => act('start-break', id, token)));
    expect(breaks.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const outs = await Promise.all(Array.from({ length: 4 }, () => act('clock-out', id, token)));
    expect(outs.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const day = (await today(id, token)).json();
    expect(day).toHaveLength(1);
    expect(day[0].breaks).toHaveLength(1);
  });
});
