import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedBy } from './audit-rows';
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
