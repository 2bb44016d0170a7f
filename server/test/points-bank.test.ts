import { MSG } from '@clinic/contract/messages';
import { POINTS_MAX } from '@clinic/contract/points';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedBy, committedAuditRow } from './audit-rows';
import { walkKeyPages } from './key-pages';
import { expectRefusal } from './refusals';
import { countOf, expectLedgersBalanced, insertVisit } from './rewards';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let emily: number; // 'patient'
let james: number; // 'patient2'

const STAFF = ['admin', 'manager', 'frontdesk', 'doctor'] as const;
const USERS = [...STAFF, 'patient', 'patient2'] as const;
const tokens = {} as Record<(typeof USERS)[number], string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const user of USERS) tokens[user] = await t.login(user);
  emily = await t.patientIdOf('patient');
  james = await t.patientIdOf('patient2');
});
afterAll(async () => {
  await t?.close();
});

function bankOf(patientId: number) {
  return t.database.db
    .selectFrom('points_banks')
    .selectAll()
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
}

describe('GET /api/points-bank/{patientId}', () => {
  it('a patient reads their own bank: id, patient and the ledger-backed balance', async () => {
    const bank = await bankOf(emily);
    const res = await t.call({ method: 'GET', url: `/api/points-bank/${emily}`, token: tokens.patient });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pointsBankId: bank.id, patientId: emily, totalPoints: bank.total_points });
    const ledger = await t.database.db
      .selectFrom('points_ledger')
      .select((eb) => eb.fn.sum<number>('delta').as('sum'))
      .where('points_bank_id', '=', bank.id)
      .executeTakeFirstOrThrow();
    expect(res.json().totalPoints).toBe(Number(ledger.sum));
  });

  it("another patient's bank answers 404, like a patient without one", async () => {
    const theirs = await t.call({ method: 'GET', url: `/api/points-bank/${james}`, token: tokens.patient });
    const none = await t.call({ method: 'GET', url: '/api/points-bank/99999', token: tokens.patient });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
  });

  it.each(STAFF)('%s reads any patient’s bank', async (user) => {
    const res = await t.call({ method: 'GET', url: `/api/points-bank/${james}`, token: tokens[user] });
    expect(res.statusCode).toBe(200);
    expect(res.json().patientId).toBe(james);
    const missing = await t.call({ method: 'GET', url: '/api/points-bank/99999', token: tokens[user] });
    expect(missing.statusCode).toBe(404);
  });

  it('a bad id is a 400; no token is a 401', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/api/points-bank/abc', token: tokens.admin })).statusCode,
    ).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/points-bank/0', token: tokens.admin })).statusCode).toBe(
      400,
    );
    expect((await t.call({ method: 'GET', url: `/api/points-bank/${emily}` })).statusCode).toBe(401);
  });

  it('each read is audited with the patient and the outcome', async () => {
    const rows = await auditedBy(t, 'points-bank', 2, async () => {
      await t.call({ method: 'GET', url: `/api/points-bank/${emily}`, token: tokens.patient });
      await t.call({ method: 'GET', url: `/api/points-bank/${james}`, token: tokens.patient });
    });
    expect(rows.map((r) => `${r.action} ${r.actor_username} ${r.patient_id} ${r.outcome}`).sort()).toEqual(
      [`read patient ${emily} success`, `read patient ${james} not_found`].sort(),
    );
  });
});

const MANAGERS = ['admin', 'manager'] as const;
const NOT_MANAGERS = ['frontdesk', 'doctor', 'patient'] as const;

async function userIdOf(username: string) {
  const row = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

function lastLedgerRow(bankId: number) {
  return t.database.db
    .selectFrom('points_ledger')
    .selectAll()
    .where('points_bank_id', '=', bankId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** A patient of the test's own, without a points bank. */
async function newPatient(name: string) {
  const row = await t.database.db
    .insertInto('patients')
    .values({ first_name: 'Test', last_name: name, email: `${name.toLowerCase()}@mail.example` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('PUT /api/points-bank/update/{id}?totalPoints=&reason=', () => {
  const adjust = (id: number, query: string, token?: string) =>
    t.call({ method: 'PUT', url: `/api/points-bank/update/${id}?${query}`, token });

  it.each(MANAGERS)('%s sets the balance through one adjustment with who and why', async (user) => {
    const bank = await bankOf(james);
    const target = bank.total_points + 37;
    const res = await adjust(
      bank.id,
      `totalPoints=${target}&reason=${encodeURIComponent(' Goodwill ')}`,
      tokens[user],
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pointsBankId: bank.id, patientId: james, totalPoints: target });
    expect(await lastLedgerRow(bank.id)).toMatchObject({
      reason: 'adjustment',
      delta: 37,
      balance_before: bank.total_points,
      balance_after: target,
      note: 'Goodwill',
      actor_user_id: await userIdOf(user),
    });
    expect(await committedAuditRow(t, 'points-bank', 'update', bank.id)).toMatchObject({ patient_id: james });

    const down = await adjust(bank.id, 'totalPoints=0&reason=Correction', tokens[user]);
    expect(down.json().totalPoints).toBe(0);
    expect((await lastLedgerRow(bank.id)).delta).toBe(-target);
    await expectLedgersBalanced(t);
  });

  it('the same total again answers the bank and writes nothing', async () => {
    const bank = await bankOf(james);
    const ledger = await countOf(t, 'points_ledger');
    const res = await adjust(bank.id, `totalPoints=${bank.total_points}&reason=Check`, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().totalPoints).toBe(bank.total_points);
    expect(await countOf(t, 'points_ledger')).toBe(ledger);
  });

  it('refuses bad input (400), unknown banks (404) and other roles (403/401), changing nothing', async () => {
    const bank = await bankOf(james);
    const ledger = await countOf(t, 'points_ledger');
    for (const query of [
      'totalPoints=-1&reason=x',
      'totalPoints=1.5&reason=x',
      `totalPoints=${POINTS_MAX + 1}&reason=x`,
      'totalPoints=5',
      'totalPoints=5&reason=',
      'totalPoints=5&reason=%20%20',
      'reason=x',
    ]) {
      expect((await adjust(bank.id, query, tokens.admin)).statusCode, query).toBe(400);
    }
    expectRefusal(
      await adjust(999999, 'totalPoints=5&reason=x', tokens.admin),
      404,
      'Points bank not found.',
    );
    for (const user of NOT_MANAGERS) {
      expect((await adjust(bank.id, 'totalPoints=5&reason=x', tokens[user])).statusCode, user).toBe(403);
    }
    expect((await adjust(bank.id, 'totalPoints=5&reason=x')).statusCode).toBe(401);
    expect(await bankOf(james)).toEqual(bank);
    expect(await countOf(t, 'points_ledger')).toBe(ledger);
  });
});

describe('GET /api/points-bank/all', () => {
  it('staff read every bank by id, paged by key (?after=)', async () => {
    const banks = await t.database.db.selectFrom('points_banks').select('id').orderBy('id').execute();
    for (const user of STAFF) {
      const walked = await walkKeyPages(
        (url) => t.call({ method: 'GET', url, token: tokens[user] }),
        '/api/points-bank/all',
        'pointsBankId',
        2,
        'after',
      );
      expect(walked.keys).toEqual(banks.map((b) => b.id));
    }
  });

  it('is staff-only', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/api/points-bank/all', token: tokens.patient })).statusCode,
    ).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/points-bank/all' })).statusCode).toBe(401);
  });
});

describe('POST /api/points-bank/add', () => {
  const open = (payload: Record<string, unknown>, token: string | undefined = tokens.manager) =>
    t.call({ method: 'POST', url: '/api/points-bank/add', token, payload });

  it('opens a bank (201); its starting points are an opening adjustment, read also as points or total_points', async () => {
    for (const [field, name] of [
      ['totalPoints', 'Opening'],
      ['points', 'Alias'],
      ['total_points', 'Snake'],
    ] as const) {
      const patientId = await newPatient(name);
      const res = await open({ patientId: String(patientId), [field]: 7 });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ patientId, totalPoints: 7 });
      const bankId = res.json().pointsBankId;
      expect(await lastLedgerRow(bankId)).toMatchObject({
        reason: 'adjustment',
        delta: 7,
        note: 'Opening balance',
      });
      expect(await committedAuditRow(t, 'points-bank', 'create', bankId)).toMatchObject({
        patient_id: patientId,
      });
    }
    const empty = await open({ patientId: await newPatient('Empty') });
    expect(empty.statusCode).toBe(201);
    expect(empty.json().totalPoints).toBe(0);
    await expectLedgersBalanced(t);
  });

  it('refuses a second bank (409), unknown patients (404), bad input (400) and other roles, opening nothing', async () => {
    const banks = await countOf(t, 'points_banks');
    expect((await open({ patientId: emily, totalPoints: 5 })).statusCode).toBe(409);
    expectRefusal(await open({ patientId: 999999 }), 404, 'Patient not found.');
    const fresh = await newPatient('Refused');
    expect((await open({ patientId: 'abc' })).statusCode).toBe(400);
    expect((await open({ patientId: fresh, totalPoints: -1 })).statusCode).toBe(400);
    expect((await open({ patientId: fresh, totalPoints: 1.5 })).statusCode).toBe(400);
    expect((await open({})).statusCode).toBe(400);
    for (const user of NOT_MANAGERS)
      expect((await open({ patientId: fresh }, tokens[user])).statusCode, user).toBe(403);
    expect((await open({ patientId: fresh }, '')).statusCode).toBe(401);
    expect(await countOf(t, 'points_banks')).toBe(banks);
  });
});

describe('POST /api/points-bank/addFromAppointment', () => {
  const award = (query: string, token: string | undefined = tokens.manager) =>
    t.call({ method: 'POST', url: `/api/points-bank/addFromAppointment?${query}`, token });

  /** A visit of the patient's, completed (or not) without its points awarded. */
  const visitOf = (patientId: number, status: 'Completed' | 'Scheduled', day: number) =>
    insertVisit(t, { patientId, status, date: `2020-01-${String(day).padStart(2, '0')}` });

  it('awards a completed visit’s points once; a repeat is a 409', async () => {
    const visit = await visitOf(emily, 'Completed', 2);
    const bank = await bankOf(emily);
    const res = await award(`patientId=${emily}&pointsToAdd=2&appointmentId=${visit}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      pointsBankId: bank.id,
      patientId: emily,
      totalPoints: bank.total_points + 2,
    });
    expect(await lastLedgerRow(bank.id)).toMatchObject({
      reason: 'appointment_completed',
      delta: 2,
      appointment_id: visit,
      actor_user_id: await userIdOf('manager'),
    });
    expect(await committedAuditRow(t, 'points-bank', 'update', bank.id)).toMatchObject({ patient_id: emily });

    const ledger = await countOf(t, 'points_ledger');
    expectRefusal(
      await award(`patientId=${emily}&pointsToAdd=2&appointmentId=${visit}`),
      409,
      MSG.pointsAlreadyAwarded,
    );
    expect(await countOf(t, 'points_ledger')).toBe(ledger);
    await expectLedgersBalanced(t);
  });

  it('a visit that completion already awarded is a 409', async () => {
    const completed = await t.database.db
      .selectFrom('points_ledger')
      .innerJoin('appointments', 'appointments.id', 'points_ledger.appointment_id')
      .select(['appointments.id', 'appointments.patient_id'])
      .where('points_ledger.reason', '=', 'appointment_completed')
      .executeTakeFirstOrThrow();
    expectRefusal(
      await award(`patientId=${completed.patient_id}&pointsToAdd=1&appointmentId=${completed.id}`),
      409,
      MSG.pointsAlreadyAwarded,
    );
  });

  it('refuses a visit not completed (409), another patient’s or an unknown one (404), bad input and other roles', async () => {
    const scheduled = await visitOf(emily, 'Scheduled', 3);
    const jamesVisit = await visitOf(james, 'Completed', 4);
    const before = { ledger: await countOf(t, 'points_ledger'), emily: await bankOf(emily) };
    expectRefusal(
      await award(`patientId=${emily}&pointsToAdd=1&appointmentId=${scheduled}`),
      409,
      'Only a completed visit earns points.',
    );
    expectRefusal(
      await award(`patientId=${emily}&pointsToAdd=1&appointmentId=${jamesVisit}`),
      404,
      'Appointment not found.',
    );
    expectRefusal(
      await award(`patientId=${emily}&pointsToAdd=1&appointmentId=999999`),
      404,
      'Appointment not found.',
    );
    for (const query of [
      `patientId=${james}&pointsToAdd=0&appointmentId=${jamesVisit}`,
      `patientId=${james}&pointsToAdd=101&appointmentId=${jamesVisit}`,
      `patientId=${james}&pointsToAdd=1.5&appointmentId=${jamesVisit}`,
      `patientId=${james}&pointsToAdd=1`,
    ]) {
      expect((await award(query)).statusCode, query).toBe(400);
    }
    const good = `patientId=${james}&pointsToAdd=1&appointmentId=${jamesVisit}`;
    for (const user of NOT_MANAGERS) expect((await award(good, tokens[user])).statusCode, user).toBe(403);
    expect((await award(good, '')).statusCode).toBe(401);
    expect(await countOf(t, 'points_ledger')).toBe(before.ledger);
    expect(await bankOf(emily)).toEqual(before.emily);
  });
});
