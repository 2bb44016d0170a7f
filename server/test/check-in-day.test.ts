import { MSG, msg } from '@clinic/contract/messages';
import { dayLabel, formatTime12 } from '@clinic/contract/office-hours';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedAuditRow } from './audit-rows';
import { slotSource } from './fresh-slots';
import { newVoucher } from './rewards';
import { createTestApp, type TestApp } from './test-app';
import { visitDayClock } from './visit-day-clock';

/**
 * Check-in on the visit's own office-local day, and undo (issue 28, decision 0054): a visit ahead cannot be
 * walked in (400 with the reason), No Show waits for the visit's time, and a status set by mistake is undone
 * the same day, one step back, audited and in the visit's history; undoing Completed takes back its point (a
 * reversing ledger entry), its default rating and its voucher, or is refused when the patient has rated the
 * visit or spent the point.
 */
let t: TestApp;
let james: number; // 'patient2', Austin
const DENVER = 1;
const AUSTIN = 2; // doctors 2, 6, 10
const tokens = {} as Record<'admin' | 'manager' | 'frontdesk' | 'doctor' | 'patient2', string>;

const db = () => t.database.db;
const clock = visitDayClock(db);
const { freshSlot } = slotSource(db);

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  for (const user of ['admin', 'manager', 'frontdesk', 'doctor', 'patient2'] as const) {
    tokens[user] = await t.login(user);
  }
  james = await t.patientIdOf('patient2');
});
afterAll(async () => {
  await t?.close();
});

async function visit(typeVisit = 'eval', doctorId = 2): Promise<{ id: number; date: string; time: string }> {
  const { date, time } = await freshSlot(AUSTIN);
  const res = await t.call({
    method: 'POST',
    url: '/api/appointments/add',
    token: tokens.admin,
    payload: {
      patientId: james,
      officeId: AUSTIN,
      doctorId,
      appointmentDate: date,
      appointmentTime: time,
      typeVisit,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().appoinmentId as number, date, time };
}

const setStatus = (token: string, id: number, conformation: string) =>
  t.call({
    method: 'PATCH',
    url: `/api/appointments/update-conformation/${id}`,
    token,
    payload: { conformation },
  });

const undo = (token: string, id: number, conformation: string) =>
  t.call({ method: 'POST', url: `/api/appointments/${id}/undo-status`, token, payload: { conformation } });

const row = (id: number) =>
  db().selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const MINUTE = 60_000;
/** `minutes` from the visit's start (negative: before it); the slots lie well inside their office day. */
async function fromStart(id: number, minutes: number): Promise<Date> {
  const start = await clock.startOf(id);
  return new Date(start!.getTime() + minutes * MINUTE);
}

async function points(): Promise<number> {
  const bank = await db()
    .selectFrom('points_banks')
    .select('total_points')
    .where('patient_id', '=', james)
    .executeTakeFirstOrThrow();
  return bank.total_points;
}

async function history(id: number) {
  const res = await t.call({
    method: 'GET',
    url: `/api/appointments/${id}/status-history`,
    token: tokens.frontdesk,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { fromStatus: string; toStatus: string; by: string | null; undo: boolean }[];
}

describe('the day rule of check-in', () => {
  it('refuses to walk in a visit booked days ahead with a 400 that says why, and changes nothing', async () => {
    const { id, date } = await visit();
    const before = await row(id);
    const res = await setStatus(tokens.frontdesk, id, 'Walked In');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.notOnVisitDay('Walked In', dayLabel(date)));
    expect(await row(id)).toEqual(before);
    expect(await history(id)).toEqual([]);
    // The admin's edit moves statuses by the same rule.
    const edit = await t.call({
      method: 'PUT',
      url: `/api/appointments/update/${id}`,
      token: tokens.admin,
      payload: { conformation: 'Walked In' },
    });
    expect(edit.statusCode).toBe(400);
    // Cancel stays a move of any day.
    expect((await setStatus(tokens.frontdesk, id, 'Canceled')).statusCode).toBe(200);
  });

  it('refuses No Show before the visit’s time on its day, and allows it once the time has come', async () => {
    const { id, time } = await visit();
    const early = await clock.on(await fromStart(id, -60), () => setStatus(tokens.frontdesk, id, 'No Show'));
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(msg.noShowBeforeStart(formatTime12(time)));
    expect((await row(id)).status).toBe('Scheduled');
    const late = await clock.on(await fromStart(id, 5), () => setStatus(tokens.frontdesk, id, 'No Show'));
    expect(late.statusCode, late.body).toBe(200);
  });

  it('lets a walked-in visit go on only until the office’s midnight', async () => {
    const { id } = await visit();
    expect(
      (await clock.on(await fromStart(id, -30), () => setStatus(tokens.frontdesk, id, 'Walked In')))
        .statusCode,
    ).toBe(200);
    const start = (await clock.startOf(id))!;
    // Austin's next day starts at the next local midnight: 24 hours after the start is certainly past it.
    const nextDay = new Date(start.getTime() + 24 * 60 * MINUTE);
    const res = await clock.on(nextDay, () => setStatus(tokens.frontdesk, id, 'In Room'));
    expect(res.statusCode).toBe(400);
    expect((await row(id)).status).toBe('Walked In');
  });
});

describe('POST /api/appointments/{id}/undo-status', () => {
  it('undoes a walk-in the same day: back to Scheduled, audited, and in the history staff read', async () => {
    const { id } = await visit();
    const at = await fromStart(id, -10);
    await clock.on(at, async () => {
      expect((await setStatus(tokens.frontdesk, id, 'Walked In')).statusCode).toBe(200);
      const res = await undo(tokens.frontdesk, id, 'Walked In');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ conformation: 'Scheduled', walkedInAt: null });
    });
    const audit = await committedAuditRow(t, 'appointment', 'update', id);
    expect(audit).toMatchObject({ actor_username: 'frontdesk', patient_id: james });
    expect(await history(id)).toEqual([
      expect.objectContaining({
        fromStatus: 'Scheduled',
        toStatus: 'Walked In',
        by: 'frontdesk',
        undo: false,
      }),
      expect.objectContaining({
        fromStatus: 'Walked In',
        toStatus: 'Scheduled',
        by: 'frontdesk',
        undo: true,
      }),
    ]);
    // The board's latest change of the day shows the undo.
    const latest = await t.call({
      method: 'GET',
      url: `/api/appointments/latest-status-changes?officeId=${AUSTIN}&date=${(await row(id)).appointment_date}`,
      token: tokens.frontdesk,
    });
    expect(latest.json()).toContainEqual(
      expect.objectContaining({
        appointmentId: id,
        fromStatus: 'Walked In',
        toStatus: 'Scheduled',
        undo: true,
      }),
    );
  });

  it('undoes one status the caller saw, never two, and refuses what has no step back', async () => {
    const { id } = await visit();
    await clock.atVisit(id, async () => {
      await setStatus(tokens.frontdesk, id, 'Walked In');
      await setStatus(tokens.frontdesk, id, 'In Room');
      expect((await undo(tokens.manager, id, 'In Room')).statusCode).toBe(200);
      // A second click on the same undo finds the visit Walked In: refused, nothing more is undone.
      const twice = await undo(tokens.manager, id, 'In Room');
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(msg.undoStale('Walked In', 'In Room'));
      expect((await undo(tokens.admin, id, 'Walked In')).json().conformation).toBe('Scheduled');
      const nothing = await undo(tokens.admin, id, 'Scheduled');
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().message).toBe(MSG.nothingToUndo);
      await setStatus(tokens.frontdesk, id, 'Canceled');
      const canceled = await undo(tokens.admin, id, 'Canceled');
      expect(canceled.statusCode).toBe(409);
      expect(canceled.json().message).toBe(MSG.canceledNotUndone);
    });
    expect((await row(id)).status).toBe('Canceled');
  });

  it('undoes a No Show the same day, and nothing on another day (400)', async () => {
    const { id, date } = await visit();
    await clock.atVisit(id, async () => {
      await setStatus(tokens.frontdesk, id, 'No Show');
      expect((await undo(tokens.frontdesk, id, 'No Show')).json()).toMatchObject({
        conformation: 'Scheduled',
        noShowAt: null,
      });
      await setStatus(tokens.frontdesk, id, 'No Show');
    });
    const later = await clock.on(await fromStart(id, 24 * 60), () => undo(tokens.admin, id, 'No Show'));
    expect(later.statusCode).toBe(400);
    expect(later.json().message).toBe(msg.undoNotOnVisitDay(dayLabel(date)));
    expect((await row(id)).status).toBe('No Show');
  });

  it('is for the front desk, managers and admins only; a doctor or a patient is refused (403)', async () => {
    // The 'doctor' account runs check-in at its own office (Denver) only, and never undoes.
    const { date, time } = await freshSlot(DENVER);
    const booked = await t.call({
      method: 'POST',
      url: '/api/appointments/add',
      token: tokens.admin,
      payload: {
        patientId: james,
        officeId: DENVER,
        doctorId: 1,
        appointmentDate: date,
        appointmentTime: time,
        typeVisit: 'eval',
      },
    });
    const denver = booked.json().appoinmentId as number;
    const austin = (await visit()).id;
    await clock.atVisit(denver, async () => {
      expect((await setStatus(tokens.doctor, denver, 'Walked In')).statusCode).toBe(200);
      expect((await undo(tokens.doctor, denver, 'Walked In')).statusCode).toBe(403);
      expect((await undo(tokens.patient2, denver, 'Walked In')).statusCode).toBe(403);
      const anonymous = await t.call({
        method: 'POST',
        url: `/api/appointments/${denver}/undo-status`,
        payload: { conformation: 'Walked In' },
      });
      expect(anonymous.statusCode).toBe(401);
    });
    await clock.atVisit(austin, async () => {
      // Another office's visit: the doctor may not even move it.
      expect((await setStatus(tokens.doctor, austin, 'Walked In')).statusCode).toBe(403);
      expect((await setStatus(tokens.frontdesk, austin, 'Walked In')).statusCode).toBe(200);
      expect((await undo(tokens.doctor, austin, 'Walked In')).statusCode).toBe(403);
    });
    expect((await row(denver)).status).toBe('Walked In');
    expect((await row(austin)).status).toBe('Walked In');
    const bad = await undo(tokens.frontdesk, austin, 'Done');
    expect(bad.statusCode).toBe(400);
    expect((await undo(tokens.frontdesk, 999_999, 'Walked In')).statusCode).toBe(404);
  });
});

describe('undoing Completed', () => {
  async function completed(typeVisit = 'eval'): Promise<number> {
    const { id } = await visit(typeVisit, 6);
    await clock.atVisit(id, async () => {
      for (const status of ['Walked In', 'In Room', 'Completed']) {
        expect((await setStatus(tokens.frontdesk, id, status)).statusCode).toBe(200);
      }
    });
    return id;
  }

  const vouched = async (receiptId: number) =>
    (
      await db()
        .selectFrom('receipts')
        .select('vouched')
        .where('id', '=', receiptId)
        .executeTakeFirstOrThrow()
    ).vouched;
  const ratingsOf = (id: number) =>
    db().selectFrom('ratings').selectAll().where('appointment_id', '=', id).execute();
  const ledgerOf = (id: number) =>
    db().selectFrom('points_ledger').selectAll().where('appointment_id', '=', id).orderBy('id').execute();
  const visits = async () =>
    (await db().selectFrom('patients').select('visits').where('id', '=', james).executeTakeFirstOrThrow())
      .visits;

  it('takes back the point by a reversing entry, the default rating and the voucher; completing again gives them back', async () => {
    const voucher = await newVoucher(t, james);
    const before = { points: await points(), visits: await visits() };
    const id = await completed(`Voucher-${voucher}`);
    expect(await points()).toBe(before.points + 1);
    expect(await vouched(voucher)).toBe(true);
    expect(await ratingsOf(id)).toHaveLength(1);

    const res = await clock.atVisit(id, () => undo(tokens.frontdesk, id, 'Completed'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ conformation: 'In Room', completedAt: null });
    expect(await points()).toBe(before.points);
    expect(await visits()).toBe(before.visits);
    expect(await vouched(voucher)).toBe(false);
    expect(await ratingsOf(id)).toEqual([]);
    const [award, reversal] = await ledgerOf(id);
    // The award is kept as it was; a new entry reverses it.
    expect(award).toMatchObject({ reason: 'appointment_completed', delta: 1 });
    expect(reversal).toMatchObject({ reason: 'reversal', delta: -1, reverses_ledger_id: award!.id });

    // Completed again (the undo was the mistake): the point, the rating and the voucher come back.
    expect((await clock.atVisit(id, () => setStatus(tokens.frontdesk, id, 'Completed'))).statusCode).toBe(
      200,
    );
    expect(await points()).toBe(before.points + 1);
    expect(await visits()).toBe(before.visits + 1);
    expect(await vouched(voucher)).toBe(true);
    expect(await ratingsOf(id)).toHaveLength(1);
    const ledger = await ledgerOf(id);
    expect(ledger).toHaveLength(3);
    expect(ledger[2]).toMatchObject({ reason: 'reversal', delta: 1, reverses_ledger_id: reversal!.id });
    expect(await history(id)).toEqual([
      expect.objectContaining({ toStatus: 'Walked In', undo: false }),
      expect.objectContaining({ toStatus: 'In Room', undo: false }),
      expect.objectContaining({ toStatus: 'Completed', undo: false }),
      expect.objectContaining({ fromStatus: 'Completed', toStatus: 'In Room', undo: true }),
      expect.objectContaining({ toStatus: 'Completed', undo: false }),
    ]);
  });

  it('undoes once under 5 concurrent undos: one 200, four 409, one reversing entry', async () => {
    const balance = await points();
    const id = await completed();
    const results = await clock.atVisit(id, () =>
      Promise.all(Array.from({ length: 5 }, () => undo(tokens.frontdesk, id, 'Completed'))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    expect((await row(id)).status).toBe('In Room');
    expect(await points()).toBe(balance);
    expect((await ledgerOf(id)).map((e) => e.reason)).toEqual(['appointment_completed', 'reversal']);
  });

  it('refuses when the patient has rated the visit, and changes nothing', async () => {
    const id = await completed();
    await db()
      .updateTable('ratings')
      .set({ type: 'patient', rating: 8, office_rating: 9, rated_at: new Date() })
      .where('appointment_id', '=', id)
      .execute();
    const balance = await points();
    const res = await clock.atVisit(id, () => undo(tokens.admin, id, 'Completed'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.undoRated);
    expect((await row(id)).status).toBe('Completed');
    expect(await points()).toBe(balance);
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('refuses when the patient has already spent the point, and changes nothing', async () => {
    const id = await completed();
    // The whole balance spent on a reward (the ledger keeps its own history; the balance is what matters here).
    await db().updateTable('points_banks').set({ total_points: 0 }).where('patient_id', '=', james).execute();
    const res = await clock.atVisit(id, () => undo(tokens.frontdesk, id, 'Completed'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.undoPointSpent);
    expect((await row(id)).status).toBe('Completed');
    expect(await ratingsOf(id)).toHaveLength(1);
    expect(await history(id)).toHaveLength(3);
  });
});
