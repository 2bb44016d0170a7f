import { ACTIVE_VALUE_MAX_LENGTH, ACTIVE_VALUES_MAX } from '@clinic/contract/insurance-patients';
import { MSG } from '@clinic/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedBy, committedAuditRow } from './audit-rows';
import { walkKeyPages } from './key-pages';
import { expectHiddenLikeMissing, expectRefusal } from './refusals';
import { createTestApp, type TestApp } from './test-app';

/** Patient insurance records (spec §7 Insurance-patient info, docs/decisions/0029). */
let t: TestApp;
let emily: number;
let james: number;
/** Emily's seeded record (Blue Cross Blue Shield, visit and double). */
let emilyRecord: number;

const STAFF = ['admin', 'manager', 'frontdesk', 'doctor'] as const;
type User = (typeof STAFF)[number] | 'patient' | 'patient2';
const tokens = {} as Record<User, string>;
/** Roles that may not write insurance records. */
const NOT_WRITERS = ['frontdesk', 'doctor', 'patient'] as const;

type Json = Record<string, unknown>;
const FIELDS = ['active', 'coPay', 'insId', 'insName', 'insptId', 'notes', 'patientId', 'subscriber'];
const BASE = '/api/insurancePatientInfo';
const RESOURCE = 'insurance-patient';

beforeAll(async () => {
  t = await createTestApp();
  for (const user of [...STAFF, 'patient', 'patient2'] as const) tokens[user] = await t.login(user);
  emily = await t.patientIdOf('patient');
  james = await t.patientIdOf('patient2');
  const row = await t.database.db
    .selectFrom('patient_insurances')
    .select('id')
    .where('patient_id', '=', emily)
    .executeTakeFirstOrThrow();
  emilyRecord = row.id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.call({ method: 'GET', url, token });
const save = (payload: Json, token?: string) =>
  t.call({ method: 'POST', url: `${BASE}/save`, token, payload });
const update = (id: number, payload: Json, token?: string) =>
  t.call({ method: 'PATCH', url: `${BASE}/update/${id}`, token, payload });
const addValue = (id: number, value: string, token?: string) =>
  t.call({ method: 'POST', url: `${BASE}/${id}/active/add`, token, payload: { value } });
const editValue = (id: number, oldValue: string, newValue: string, token?: string) =>
  t.call({ method: 'PUT', url: `${BASE}/${id}/active/edit`, token, payload: { oldValue, newValue } });

function recordRow(id: number) {
  return t.database.db.selectFrom('patient_insurances').selectAll().where('id', '=', id).executeTakeFirst();
}

async function allRecords() {
  return t.database.db.selectFrom('patient_insurances').selectAll().orderBy('id').execute();
}

/** A fresh record of James's to change, so tests do not depend on each other. */
async function jamesRecord(payload: Json = {}): Promise<number> {
  const res = await save({ patientId: james, insId: 4, active: 'visit', ...payload }, tokens.manager);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insptId as number;
}

describe('GET /insurancePatientInfo/{id}', () => {
  it("answers one record with the spec's field names, to staff and to its patient", async () => {
    const res = await get(`${BASE}/${emilyRecord}`, tokens.patient);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      insptId: emilyRecord,
      patientId: emily,
      insId: 2,
      insName: 'Blue Cross Blue Shield',
      subscriber: 'Self',
      active: 'visit,double',
      coPay: 30,
      notes: 'Group 40021',
    });
    for (const user of STAFF) {
      expect((await get(`${BASE}/${emilyRecord}`, tokens[user])).statusCode, user).toBe(200);
    }
  });

  it("another patient's record is 404 like an unknown one; no sign-in 401; a malformed id 400", async () => {
    await expectHiddenLikeMissing(
      (url) => get(url, tokens.patient2),
      `${BASE}/${emilyRecord}`,
      `${BASE}/999999`,
    );
    expect((await get(`${BASE}/999999`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`${BASE}/${emilyRecord}`)).statusCode).toBe(401);
    expect((await get(`${BASE}/abc`, tokens.admin)).statusCode).toBe(400);
  });

  it('audits the read, and the refused read, against the patient', async () => {
    const rows = await auditedBy(t, RESOURCE, 2, async () => {
      await get(`${BASE}/${emilyRecord}`, tokens.doctor);
      await get(`${BASE}/${emilyRecord}`, tokens.patient2);
    });
    const outcomes = rows.map((r) => [r.action, r.patient_id, r.outcome]);
    expect(outcomes).toContainEqual(['read', emily, 'success']);
    expect(outcomes).toContainEqual(['read', emily, 'not_found']);
  });

  it('GET /{id}/active of another patient is 404 too', async () => {
    expect((await get(`${BASE}/${emilyRecord}/active`, tokens.patient)).json()).toEqual(['visit', 'double']);
    expect((await get(`${BASE}/${emilyRecord}/active`, tokens.patient2)).statusCode).toBe(404);
  });
});

describe('GET /insurancePatientInfo/all (staff)', () => {
  it('lists every record newest first with the spec fields; patients are refused', async () => {
    const res = await get(`${BASE}/all`, tokens.frontdesk);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Json[];
    const ids = (await allRecords()).map((r) => r.id);
    expect(list.map((r) => r.insptId)).toEqual(ids.slice(-50).reverse());
    for (const item of list) expect(Object.keys(item).sort()).toEqual(FIELDS);
    expect(res.headers.link).toBeUndefined();
    expect((await get(`${BASE}/all`, tokens.patient)).statusCode).toBe(403);
    expect((await get(`${BASE}/all`)).statusCode).toBe(401);
  });

  it('pages by key: a Link header names the next page only while there may be more', async () => {
    const ids = (await allRecords()).map((r) => r.id).reverse();
    expect(ids.length).toBeGreaterThan(3);
    const { keys, pages } = await walkKeyPages((url) => get(url, tokens.admin), `${BASE}/all`, 'insptId', 3);
    expect(keys).toEqual(ids);
    expect(pages).toBe(Math.ceil(ids.length / 3));
  });

  it('refuses a limit above 200 or below 1, and a malformed before', async () => {
    for (const query of ['limit=201', 'limit=0', 'before=abc', 'before=0']) {
      expect((await get(`${BASE}/all?${query}`, tokens.admin)).statusCode, query).toBe(400);
    }
  });
});

describe('POST /insurancePatientInfo/save (ADMIN, MANAGER)', () => {
  it('a MANAGER saves a record: insid read as insId, values cleaned, coPay from text; audited', async () => {
    const res = await save(
      {
        insptId: emilyRecord,
        patientId: String(james),
        insid: '5',
        subscriber: '  Spouse ',
        active: ' Visit, acupuncture ,, VISIT, Dry needling ',
        coPay: '12.50',
        notes: ' Plan B ',
      },
      tokens.manager,
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(FIELDS);
    expect(body.insptId).not.toBe(emilyRecord);
    expect(body).toEqual({
      insptId: expect.any(Number),
      patientId: james,
      insId: 5,
      insName: 'Cigna',
      subscriber: 'Spouse',
      active: 'visit,acupuncture,Dry needling',
      coPay: 12.5,
      notes: 'Plan B',
    });
    expect(await recordRow(body.insptId)).toMatchObject({
      patient_id: james,
      insurance_id: 5,
      active: ['visit', 'acupuncture', 'Dry needling'],
    });
    expect(await committedAuditRow(t, RESOURCE, 'create', body.insptId)).toMatchObject({
      patient_id: james,
      actor_username: 'manager',
    });
  });

  it('an ADMIN saves one with only the two ids; active as an array; blank coPay is none', async () => {
    const res = await save({ patientId: james, insId: 1, active: ['double', ' '], coPay: '' }, tokens.admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ subscriber: '', active: 'double', coPay: null, notes: '' });
  });

  it('refuses other roles and anonymous callers, and saves nothing', async () => {
    const before = await allRecords();
    expect((await save({ patientId: james, insId: 1 })).statusCode).toBe(401);
    for (const user of NOT_WRITERS) {
      expect((await save({ patientId: james, insId: 1 }, tokens[user])).statusCode, user).toBe(403);
    }
    expect(await allRecords()).toEqual(before);
  });

  it('bad input is a 400 with a clear message, and saves nothing', async () => {
    const before = await allRecords();
    const ok = { patientId: james, insId: 2 };
    const cases: [Json, string | RegExp][] = [
      [{}, MSG.patientAndInsuranceRequired],
      [{ patientId: james }, MSG.patientAndInsuranceRequired],
      [{ insId: 2 }, MSG.patientAndInsuranceRequired],
      [{ patientId: '', insid: '' }, MSG.patientAndInsuranceRequired],
      [{ patientId: 'abc', insId: 2 }, 'patientId must be a positive whole number.'],
      [{ patientId: james, insId: '1.5' }, 'insId must be a positive whole number.'],
      [{ patientId: '-3', insId: 2 }, 'patientId must be a positive whole number.'],
      [{ patientId: 999999, insId: 2 }, 'Patient not found.'],
      [{ patientId: james, insId: 99999 }, 'Insurance not found.'],
      [{ ...ok, coPay: -1 }, /coPay/],
      [{ ...ok, coPay: 'abc' }, /coPay must be a number/],
      [{ ...ok, coPay: '-5' }, /coPay must be a number/],
      [{ ...ok, active: 'visit,Voucher-12' }, /Voucher-/],
      [{ ...ok, active: 'eval' }, /"eval" is always offered/],
      [{ ...ok, active: 'x'.repeat(ACTIVE_VALUE_MAX_LENGTH + 1) }, /at most 40 characters/],
      [
        { ...ok, active: Array.from({ length: ACTIVE_VALUES_MAX + 1 }, (_, i) => `v${i}`).join(',') },
        /at most 20 active values/,
      ],
    ];
    for (const [payload, message] of cases) {
      expectRefusal(await save(payload, tokens.admin), 400, message, JSON.stringify(payload));
    }
    expect(await allRecords()).toEqual(before);
  });
});

describe('PATCH /insurancePatientInfo/update/{id} (ADMIN, MANAGER)', () => {
  it('changes the fields sent and keeps the rest; audited against the patient', async () => {
    const id = await jamesRecord({ subscriber: 'Self', coPay: 20, notes: 'n1', active: 'visit,double' });
    const res = await update(id, { subscriber: 'Parent', insid: 6, patientId: james }, tokens.manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      insptId: id,
      patientId: james,
      insId: 6,
      insName: 'Humana',
      subscriber: 'Parent',
      active: 'visit,double',
      coPay: 20,
      notes: 'n1',
    });
    expect(await committedAuditRow(t, RESOURCE, 'update', id)).toMatchObject({
      patient_id: james,
      actor_username: 'manager',
    });

    const cleared = await update(id, { coPay: null, active: '', notes: null }, tokens.admin);
    expect(cleared.json()).toMatchObject({
      coPay: null,
      active: '',
      notes: '',
      subscriber: 'Parent',
      insId: 6,
    });
  });

  it('refuses moving a record to another patient, unknown insurances and bad values; nothing changes', async () => {
    const id = await jamesRecord();
    const before = await recordRow(id);
    const cases: [Json, string | RegExp][] = [
      [{ patientId: emily }, 'An insurance record cannot move to another patient.'],
      [{ insId: 99999 }, 'Insurance not found.'],
      [{ insId: null }, MSG.patientAndInsuranceRequired],
      [{ insid: 'x' }, 'insId must be a positive whole number.'],
      [{ coPay: 'ten' }, /coPay must be a number/],
      [{ subscriber: 'Other', active: 'Voucher-1' }, /Voucher-/],
    ];
    for (const [payload, message] of cases) {
      expectRefusal(await update(id, payload, tokens.admin), 400, message, JSON.stringify(payload));
    }
    expect(await recordRow(id)).toEqual(before);
  });

  it('refuses other roles (403) and unknown records (404)', async () => {
    const id = await jamesRecord();
    const before = await recordRow(id);
    for (const user of NOT_WRITERS) {
      expect((await update(id, { subscriber: 'X' }, tokens[user])).statusCode, user).toBe(403);
    }
    expect((await update(999999, { subscriber: 'X' }, tokens.admin)).statusCode).toBe(404);
    expect(await recordRow(id)).toEqual(before);
  });
});

describe('DELETE /insurancePatientInfo/delete/{id} (ADMIN, MANAGER)', () => {
  it('refuses other roles; deletes with 204, unlinks authorizations that named it; audited', async () => {
    const id = await jamesRecord();
    for (const user of NOT_WRITERS) {
      const res = await t.call({ method: 'DELETE', url: `${BASE}/delete/${id}`, token: tokens[user] });
      expect(res.statusCode, user).toBe(403);
    }
    expect(await recordRow(id)).toBeDefined();
    const auth = await t.database.db
      .insertInto('patient_authorizations')
      .values({ patient_id: james, patient_insurance_id: id, day_start: '2026-01-01', day_end: '2026-02-01' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const res = await t.call({ method: 'DELETE', url: `${BASE}/delete/${id}`, token: tokens.manager });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await recordRow(id)).toBeUndefined();
    const unlinked = await t.database.db
      .selectFrom('patient_authorizations')
      .select('patient_insurance_id')
      .where('id', '=', auth.id)
      .executeTakeFirstOrThrow();
    expect(unlinked.patient_insurance_id).toBeNull();
    expect(await committedAuditRow(t, RESOURCE, 'delete', id)).toMatchObject({
      patient_id: james,
      actor_username: 'manager',
    });

    const again = await t.call({ method: 'DELETE', url: `${BASE}/delete/${id}`, token: tokens.admin });
    expect(again.statusCode).toBe(404);
  });
});

describe('POST /insurancePatientInfo/{id}/active/add (ADMIN, MANAGER)', () => {
  it('adds a value and answers the new list; audited', async () => {
    const id = await jamesRecord({ active: 'visit' });
    const res = await addValue(id, ' Acupuncture ', tokens.manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(['visit', 'acupuncture']);
    expect((await recordRow(id))?.active).toEqual(['visit', 'acupuncture']);
    expect(await committedAuditRow(t, RESOURCE, 'update', id)).toMatchObject({ patient_id: james });
  });

  it('a duplicate (any case) is 409, a refused value 400, an unknown record 404; nothing changes', async () => {
    const id = await jamesRecord({ active: 'visit' });
    expectRefusal(
      await addValue(id, 'VISIT', tokens.admin),
      409,
      '"visit" is already an active value of this record.',
    );
    for (const value of ['Voucher-3', '   ', 'a,b', 'visit (pay)']) {
      expect((await addValue(id, value, tokens.admin)).statusCode, value).toBe(400);
    }
    expect((await addValue(id, 'x'.repeat(ACTIVE_VALUE_MAX_LENGTH + 1), tokens.admin)).statusCode).toBe(400);
    expect((await addValue(999999, 'double', tokens.admin)).statusCode).toBe(404);
    expect((await recordRow(id))?.active).toEqual(['visit']);
  });

  it('refuses a value past the most a record holds', async () => {
    const full = Array.from({ length: ACTIVE_VALUES_MAX }, (_, i) => `v${i}`);
    const id = await jamesRecord({ active: full });
    const res = await addValue(id, 'one more', tokens.admin);
    expect(res.statusCode).toBe(400);
    expect((await recordRow(id))?.active).toEqual(full);
  });

  it('refuses other roles', async () => {
    const id = await jamesRecord({ active: 'visit' });
    for (const user of NOT_WRITERS)
      expect((await addValue(id, 'double', tokens[user])).statusCode, user).toBe(403);
    expect((await recordRow(id))?.active).toEqual(['visit']);
  });

  it('two adds at once both land (the row is locked for each change)', async () => {
    const id = await jamesRecord({ active: 'visit' });
    const values = ['a1', 'a2', 'a3', 'a4'];
    const answers = await Promise.all(values.map((value) => addValue(id, value, tokens.admin)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect([...((await recordRow(id))?.active ?? [])].sort()).toEqual(['a1', 'a2', 'a3', 'a4', 'visit']);
  });
});

describe('PUT /insurancePatientInfo/{id}/active/edit (ADMIN, MANAGER)', () => {
  it('renames a value in its place and answers the new list; audited', async () => {
    const id = await jamesRecord({ active: 'visit,double,acupuncture' });
    const res = await editValue(id, 'Double', ' Double session ', tokens.manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(['visit', 'Double session', 'acupuncture']);
    expect(await committedAuditRow(t, RESOURCE, 'update', id)).toMatchObject({ patient_id: james });
    const caseOnly = await editValue(id, 'double session', 'Double Session', tokens.admin);
    expect(caseOnly.json()).toEqual(['visit', 'Double Session', 'acupuncture']);
  });

  it('an unknown old value is 404 naming it; a new value that is another one 409; bad values 400', async () => {
    const id = await jamesRecord({ active: 'visit,double' });
    expectRefusal(
      await editValue(id, 'massage', 'spa', tokens.admin),
      404,
      '"massage" is not an active value of this record.',
    );
    const taken = await editValue(id, 'double', 'VISIT', tokens.admin);
    expect(taken.statusCode).toBe(409);
    expect((await editValue(id, 'double', 'Voucher-9', tokens.admin)).statusCode).toBe(400);
    expect((await editValue(999999, 'double', 'x', tokens.admin)).statusCode).toBe(404);
    expect((await recordRow(id))?.active).toEqual(['visit', 'double']);
  });

  it('refuses other roles', async () => {
    const id = await jamesRecord({ active: 'visit' });
    for (const user of NOT_WRITERS) {
      expect((await editValue(id, 'visit', 'double', tokens[user])).statusCode, user).toBe(403);
    }
    expect((await recordRow(id))?.active).toEqual(['visit']);
  });
});

describe('refused writes are audited', () => {
  it("a write refused for the role leaves a 'denied' row", async () => {
    const rows = await auditedBy(t, RESOURCE, 1, () => addValue(emilyRecord, 'double', tokens.patient));
    expect(rows[0]).toMatchObject({ action: 'update', outcome: 'denied', actor_username: 'patient' });
  });

  it("a refused change of a known record names the record's patient", async () => {
    const rows = await auditedBy(t, RESOURCE, 1, () => addValue(emilyRecord, 'visit', tokens.admin));
    expect(rows[0]).toMatchObject({ action: 'update', outcome: 'refused', patient_id: emily });
  });
});
