import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedBy } from './audit-rows';
import { createTestApp, type TestApp } from './test-app';

/**
 * What the booking form reads (issue 5): a patient's insurance records and their active values, the latest
 * authorization, and a points bank's receipts (vouchers). Staff read anyone's; a PATIENT only their own.
 */
let t: TestApp;
let emily: number;
let james: number;

const STAFF = ['admin', 'manager', 'frontdesk', 'doctor'] as const;
type User = (typeof STAFF)[number] | 'patient' | 'patient2';
const tokens = {} as Record<User, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const user of [...STAFF, 'patient', 'patient2'] as const) tokens[user] = await t.login(user);
  emily = await t.patientIdOf('patient');
  james = await t.patientIdOf('patient2');
});
afterAll(async () => {
  await t?.close();
});

async function bankOf(patientId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('points_banks')
    .select('id')
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  return row.id;
}

const get = (url: string, token?: string) => t.call({ method: 'GET', url, token });

describe('GET /api/insurancePatientInfo/patient/{id}', () => {
  it("answers the patient's records with the spec's field names and the insurance name", async () => {
    const res = await get(`/api/insurancePatientInfo/patient/${emily}`, tokens.patient);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        insptId: expect.any(Number),
        patientId: emily,
        insId: 2,
        insName: 'Blue Cross Blue Shield',
        subscriber: 'Self',
        active: 'visit,double',
        coPay: 30,
        notes: 'Group 40021',
      },
    ]);
    for (const user of STAFF)
      expect((await get(`/api/insurancePatientInfo/patient/${emily}`, tokens[user])).statusCode).toBe(200);
  });

  it("refuses another patient's records (404), no sign-in (401) and a malformed id (400)", async () => {
    expect((await get(`/api/insurancePatientInfo/patient/${james}`, tokens.patient)).statusCode).toBe(404);
    expect((await get(`/api/insurancePatientInfo/patient/${emily}`)).statusCode).toBe(401);
    expect((await get('/api/insurancePatientInfo/patient/abc', tokens.admin)).statusCode).toBe(400);
  });

  it('GET /{insptId}/active lists the values, for the owner and staff', async () => {
    const [record] = (await get(`/api/insurancePatientInfo/patient/${james}`, tokens.patient2)).json();
    const own = await get(`/api/insurancePatientInfo/${record.insptId}/active`, tokens.patient2);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(['visit']);
    expect(
      (await get(`/api/insurancePatientInfo/${record.insptId}/active`, tokens.frontdesk)).json(),
    ).toEqual(['visit']);
    expect((await get(`/api/insurancePatientInfo/${record.insptId}/active`, tokens.patient)).statusCode).toBe(
      404,
    );
    expect((await get('/api/insurancePatientInfo/999999/active', tokens.admin)).statusCode).toBe(404);
  });

  it('audits the read against the patient', async () => {
    const rows = await auditedBy(t, 'insurance-patient', 1, () =>
      get(`/api/insurancePatientInfo/patient/${james}`, tokens.doctor),
    );
    expect(rows[0]).toMatchObject({ action: 'read', patient_id: james, outcome: 'success' });
  });
});

describe('GET /api/patientauthorization/latest-auth/{patientId}', () => {
  it("answers the latest authorization with the spec's fields and Yes/No", async () => {
    const res = await get(`/api/patientauthorization/latest-auth/${emily}`, tokens.patient);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      patientId: emily,
      referredBy: 'Dr. Alan Pierce, Highlands Family Medicine',
      authCode: 'BCB-448120',
      visits: 24,
      weeklyVisitLimit: 2,
      active: 'Yes',
    });
    expect(body.authId).toEqual(expect.any(Number));
    expect(body.inspt_id).toEqual(expect.any(Number));
    expect(body.dayStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.dayEnd > body.dayStart).toBe(true);
    expect((await get(`/api/patientauthorization/latest-auth/${emily}`, tokens.frontdesk)).statusCode).toBe(
      200,
    );
  });

  it('answers 404 when the patient has none, and for another patient', async () => {
    const fresh = await t.database.db
      .insertInto('patients')
      .values({ first_name: 'No', last_name: 'Authorization', email: 'no.auth@mail.example' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const none = await get(`/api/patientauthorization/latest-auth/${fresh.id}`, tokens.admin);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No authorization found for this patient.');
    expect((await get(`/api/patientauthorization/latest-auth/${james}`, tokens.patient)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/patientauthorization/latest-auth/${james}`)).statusCode).toBe(401);
  });
});

describe('GET /api/receipts/pointsBank/{id}', () => {
  it("lists a bank's receipts with the spec's fields (receipt_id and id)", async () => {
    const bank = await bankOf(james);
    const res = await get(`/api/receipts/pointsBank/${bank}`, tokens.patient2);
    expect(res.statusCode).toBe(200);
    const [receipt] = res.json();
    expect(receipt).toEqual({
      receipt_id: receipt.id,
      id: expect.any(Number),
      name: '30-Minute Massage Voucher',
      vouched: false,
      pointsBankId: bank,
      inventoryId: expect.any(Number),
      amountTotal: 12,
      amountBefore: expect.any(Number),
      amountAfter: expect.any(Number),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(receipt.amountAfter).toBe(receipt.amountBefore - 12);
    expect((await get(`/api/receipts/pointsBank/${bank}`, tokens.manager)).statusCode).toBe(200);
  });

  it("refuses another patient's bank and an unknown one (404)", async () => {
    expect((await get(`/api/receipts/pointsBank/${await bankOf(james)}`, tokens.patient)).statusCode).toBe(
      404,
    );
    expect((await get('/api/receipts/pointsBank/999999', tokens.admin)).statusCode).toBe(404);
    expect((await get(`/api/receipts/pointsBank/${await bankOf(emily)}`)).statusCode).toBe(401);
  });
});
