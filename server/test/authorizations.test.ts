import { MSG } from '@clinic/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateInZone } from '../src/platform/time/zoned-time';
import { auditedBy } from './audit-rows';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
type User = 'admin' | 'manager' | 'frontdesk' | 'doctor' | 'patient' | 'patient2';
const tokens = {} as Record<User, string>;
let emily = 0;
let james = 0;
let emilyRecord = 0;
let jamesRecord = 0;

type Json = Record<string, unknown>;

const FIELDS = [
  'active',
  'authCode',
  'authId',
  'dayEnd',
  'dayStart',
  'insName',
  'inspt_id',
  'patientId',
  'referredBy',
  'visits',
  'visitsLeft',
  'visitsScheduled',
  'visitsUsed',
  'weeklyVisitLimit',
].sort();

/** The worklist's today (docs/decisions/0029). */
const today = () => localDateInZone(new Date(), 'Pacific/Honolulu');

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['admin', 'manager', 'frontdesk', 'doctor', 'patient', 'patient2'] as const)
    tokens[user] = await t.login(user);
  emily = await t.patientIdOf('patient');
  james = await t.patientIdOf('patient2');
  const record = (patientId: number) =>
    t.database.db
      .selectFrom('patient_insurances')
      .select('id')
      .where('patient_id', '=', patientId)
      .executeTakeFirstOrThrow();
  emilyRecord = (await record(emily)).id;
  jamesRecord = (await record(james)).id;
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  user?: User,
  payload?: Json,
) =>
  t.call({ method, url: `/api/patientauthorization${url}`, token: user ? tokens[user] : undefined, payload });

const newAuthorization = (overrides: Json = {}): Json => ({
  patientId: emily,
  inspt_id: emilyRecord,
  referredBy: 'Dr. Test',
  authCode: 'TEST-1',
  dayStart: today(),
  dayEnd: addDays(today(), 60),
  visits: 12,
  weeklyVisitLimit: 2,
  active: 'Yes',
  ...overrides,
});

async function authorizationCount() {
  const row = await t.database.db
    .selectFrom('patient_authorizations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function storedRow(id: number) {
  return t.database.db
    .selectFrom('patient_authorizations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

async function auditRows(resourceId: number, action: string) {
  return t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('resource', '=', 'authorization')
    .where('resource_id', '=', String(resourceId))
    .where('action', '=', action as never)
    .execute();
}

async function added(overrides: Json = {}): Promise<Json> {
  const res = await call('POST', '/add', 'manager', newAuthorization(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json;
}

describe('reading authorizations', () => {
  it("a patient lists their own with the spec's field names and the visit burn-down", async () => {
    const res = await call('GET', `/find-by-patient/${emily}`, 'patient');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Json[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(FIELDS);
    // Newest start first.
    expect((list[0]!.dayStart as string) >= (list[1]!.dayStart as string)).toBe(true);
    for (const item of list) {
      const completed = await t.database.db
        .selectFrom('appointments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('authorization_id', '=', item.authId as number)
        .where('status', '=', 'Completed')
        .executeTakeFirstOrThrow();
      expect(item.visitsUsed).toBe(Number(completed.n));
      expect(item.visitsLeft).toBe(
        Math.max(0, (item.visits as number) - (item.visitsUsed as number) - (item.visitsScheduled as number)),
      );
    }
    expect(list.some((a) => (a.visitsUsed as number) > 0)).toBe(true);
    expect(list[0]!.insName).not.toBe('');
  });

  it('staff read any patient; another patient gets 404 for every read', async () => {
    const [first] = (await call('GET', `/find-by-patient/${emily}`, 'frontdesk').then((r) =>
      r.json(),
    )) as Json[];
    const id = first!.authId as number;
    for (const user of ['frontdesk', 'doctor', 'manager'] as const) {
      expect((await call('GET', `/find-by-auth/${id}`, user)).statusCode).toBe(200);
    }
    for (const url of [
      `/find-by-patient/${emily}`,
      `/find-by-auth/${id}`,
      `/latest-auth/${emily}`,
      `/insptId/${id}`,
    ]) {
      expect((await call('GET', url, 'patient2')).statusCode, url).toBe(404);
      expect((await call('GET', url)).statusCode, url).toBe(401);
    }
  });

  it('insptId/{authId} answers the insurance record id as a number, and 404 when unlinked', async () => {
    const auth = await added();
    const res = await call('GET', `/insptId/${auth.authId}`, 'patient');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(emilyRecord);
    await call('PATCH', `/edit-column/${auth.authId}?columnName=inspt_id&value=`, 'admin');
    const unlinked = await call('GET', `/insptId/${auth.authId}`, 'admin');
    expect(unlinked.statusCode).toBe(404);
    expect(unlinked.json().message).toBe('This authorization has no insurance record.');
    expect((await call('GET', '/find-by-auth/999999', 'admin')).statusCode).toBe(404);
  });

  it('reads are audited with the patient named', async () => {
    const rows = await auditedBy(t, 'authorization', 1, () =>
      call('GET', `/find-by-patient/${james}`, 'frontdesk'),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ action: 'read', patient_id: james, actor_username: 'frontdesk' }),
    );
  });
});

describe('adding authorizations', () => {
  it('a manager adds one; its audit row names the patient and is there with the answer', async () => {
    const auth = await added({ active: true, visits: '10', weeklyVisitLimit: '' });
    expect(auth).toMatchObject({
      patientId: emily,
      inspt_id: emilyRecord,
      referredBy: 'Dr. Test',
      authCode: 'TEST-1',
      visits: 10,
      weeklyVisitLimit: null,
      active: 'Yes',
      visitsUsed: 0,
      visitsScheduled: 0,
      visitsLeft: 10,
    });
    const rows = await auditRows(auth.authId as number, 'create');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ patient_id: emily, actor_username: 'manager', outcome: 'success' });
  });

  it('reads insptId as an alternate and an ISO date-time by its date', async () => {
    const auth = await added({
      inspt_id: undefined,
      insptId: String(emilyRecord),
      dayStart: `${today()}T09:00:00Z`,
    });
    expect(auth.inspt_id).toBe(emilyRecord);
    expect(auth.dayStart).toBe(today());
  });

  it('patients, the front desk and doctors may not add one', async () => {
    const before = await authorizationCount();
    for (const user of ['patient', 'frontdesk', 'doctor'] as const) {
      expect((await call('POST', '/add', user, newAuthorization())).statusCode, user).toBe(403);
    }
    expect((await call('POST', '/add', undefined, newAuthorization())).statusCode).toBe(401);
    expect(await authorizationCount()).toBe(before);
  });

  it.each([
    ['no start date', { dayStart: '' }, MSG.selectStartAndEnd],
    ['no end date', { dayEnd: null }, MSG.selectStartAndEnd],
    [
      'the end before the start',
      { dayStart: '2026-05-10', dayEnd: '2026-05-01' },
      'The end date must be on or after the start date.',
    ],
    ['an impossible date', { dayEnd: '2026-02-30' }, 'dayEnd is not a valid date (yyyy-mm-dd).'],
    ['negative visits', { visits: -1 }, 'visits cannot be negative.'],
    [
      'a weekly limit of 0',
      { weeklyVisitLimit: 0 },
      'weeklyVisitLimit must be at least 1 (leave it empty for no limit).',
    ],
    ['visits that are not a number', { visits: 'ten' }, 'visits must be a whole number.'],
    ['another patient’s insurance record', { inspt_id: -1 }, null],
    ['an unknown patient', { patientId: 999999, inspt_id: null }, 'Patient not found.'],
    ['no patient', { patientId: null }, 'Please select a patient.'],
    ['a patient id that is not a number', { patientId: 'abc' }, 'patientId must be a positive whole number.'],
    ['active that is neither Yes nor No', { active: 'maybe' }, 'active must be Yes or No.'],
  ])('refuses %s with a 400 and adds nothing', async (_name, overrides, message) => {
    const body = newAuthorization(overrides as Json);
    if (body.inspt_id === -1) body.inspt_id = jamesRecord;
    const before = await authorizationCount();
    const res = await call('POST', '/add', 'manager', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message ?? "That insurance record is not one of this patient's.");
    expect(await authorizationCount()).toBe(before);
  });
});

describe('editing and removing authorizations (ADMIN)', () => {
  it('an admin edits; fields left out keep their values; the audit row names the patient', async () => {
    const auth = await added();
    const res = await call('PUT', `/edit/${auth.authId}`, 'admin', {
      authCode: 'TEST-2',
      visits: 20,
      authId: 12345,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      authId: auth.authId,
      authCode: 'TEST-2',
      visits: 20,
      referredBy: 'Dr. Test',
    });
    expect(await auditRows(auth.authId as number, 'update')).toHaveLength(1);
  });

  it('managers, the front desk, doctors and patients may not edit, column-edit or remove', async () => {
    const auth = await added();
    for (const user of ['manager', 'frontdesk', 'doctor', 'patient'] as const) {
      expect((await call('PUT', `/edit/${auth.authId}`, user, { authCode: 'X' })).statusCode, user).toBe(403);
      expect(
        (await call('PATCH', `/edit-column/${auth.authId}?columnName=authCode&value=X`, user)).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/remove/${auth.authId}`, user)).statusCode).toBe(403);
    }
    expect((await storedRow(auth.authId as number))?.auth_code).toBe('TEST-1');
  });

  it('refuses a move to another patient or dates out of order, and changes nothing', async () => {
    const auth = await added();
    const moved = await call('PUT', `/edit/${auth.authId}`, 'admin', { patientId: james });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('An authorization cannot move to another patient.');
    const backwards = await call('PUT', `/edit/${auth.authId}`, 'admin', {
      dayEnd: addDays(today(), -1),
      authCode: 'CHANGED',
    });
    expect(backwards.statusCode).toBe(400);
    const row = await storedRow(auth.authId as number);
    expect(row).toMatchObject({ patient_id: emily, auth_code: 'TEST-1', day_end: addDays(today(), 60) });
    expect((await call('PUT', '/edit/999999', 'admin', { authCode: 'X' })).statusCode).toBe(404);
  });

  it('edit-column changes one allowed column, validated like the full edit', async () => {
    const auth = await added();
    const id = auth.authId as number;
    const url = (column: string, value: string) =>
      `/edit-column/${id}?columnName=${encodeURIComponent(column)}&value=${encodeURIComponent(value)}`;
    const visits = await call('PATCH', url('visits', '30'), 'admin');
    expect(visits.statusCode, visits.body).toBe(200);
    expect(visits.json()).toMatchObject({ visits: 30, visitsLeft: 30 });
    expect((await call('PATCH', url('active', 'No'), 'admin')).json()).toMatchObject({ active: 'No' });
    expect((await call('PATCH', url('weeklyVisitLimit', ''), 'admin')).json()).toMatchObject({
      weeklyVisitLimit: null,
    });

    const unknown = await call('PATCH', url('patient_id', String(james)), 'admin');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(
      /"patient_id" cannot be edited this way; use one of: referredBy, authCode/,
    );
    for (const [column, value] of [
      ['visits', 'x'],
      ['visits', '-3'],
      ['weeklyVisitLimit', '0'],
      ['dayEnd', addDays(today(), -5)],
      ['dayStart', 'soon'],
      ['active', 'perhaps'],
      ['inspt_id', String(jamesRecord)],
    ] as const) {
      expect((await call('PATCH', url(column, value), 'admin')).statusCode, `${column}=${value}`).toBe(400);
    }
    expect(await storedRow(id)).toMatchObject({
      visits: 30,
      active: false,
      patient_id: emily,
      day_end: addDays(today(), 60),
    });
  });

  it('an admin removes one after which it is gone; its diagnosis sets go with it and its visits are unlinked', async () => {
    const auth = await added();
    const id = auth.authId as number;
    const combiner = await t.database.db
      .insertInto('diagnosis_combiners')
      .values({ authorization_id: id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call('DELETE', `/remove/${id}`, 'admin');
    expect(res.statusCode).toBe(204);
    expect(await storedRow(id)).toBeUndefined();
    expect(
      await t.database.db
        .selectFrom('diagnosis_combiners')
        .select('id')
        .where('id', '=', combiner.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect((await auditRows(id, 'delete'))[0]).toMatchObject({ patient_id: emily, actor_username: 'admin' });
    expect((await call('DELETE', `/remove/${id}`, 'admin')).statusCode).toBe(404);
    expect((await call('GET', `/find-by-auth/${id}`, 'admin')).statusCode).toBe(404);
  });
});

describe('the authorization worklist', () => {
  it('lists active authorizations ending soon or with few visits left, soonest end first', async () => {
    const endingSoon = await added({
      authCode: 'WL-SOON',
      dayStart: addDays(today(), -30),
      dayEnd: addDays(today(), 5),
      visits: 50,
    });
    const fewLeft = await added({ authCode: 'WL-FEW', dayEnd: addDays(today(), 90), visits: 2 });
    const plenty = await added({ authCode: 'WL-PLENTY', dayEnd: addDays(today(), 90), visits: 50 });
    const inactive = await added({ authCode: 'WL-OFF', dayEnd: addDays(today(), 3), active: 'No' });
    const ended = await added({
      authCode: 'WL-ENDED',
      dayStart: addDays(today(), -30),
      dayEnd: addDays(today(), -1),
    });

    const res = await call('GET', '/worklist', 'frontdesk');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Json[];
    const ids = list.map((a) => a.authId);
    expect(ids).toContain(endingSoon.authId);
    expect(ids).toContain(fewLeft.authId);
    for (const absent of [plenty, inactive, ended]) expect(ids).not.toContain(absent.authId);
    const ends = list.map((a) => a.dayEnd as string);
    expect([...ends].sort()).toEqual(ends);
    expect(list.find((a) => a.authId === endingSoon.authId)).toMatchObject({
      patientName: 'Emily Carter',
      daysLeft: 5,
      endingSoon: true,
      fewVisitsLeft: false,
    });
    expect(list.find((a) => a.authId === fewLeft.authId)).toMatchObject({
      endingSoon: false,
      fewVisitsLeft: true,
      visitsLeft: 2,
    });

    const narrow = (await call('GET', '/worklist?days=3&visitsLeft=0', 'manager').then((r) =>
      r.json(),
    )) as Json[];
    expect(narrow.map((a) => a.authId)).not.toContain(endingSoon.authId);
    const one = (await call('GET', '/worklist?limit=1', 'admin').then((r) => r.json())) as Json[];
    expect(one).toHaveLength(1);
  });

  it('is for the front desk, managers and admins only, with bounded parameters', async () => {
    for (const user of ['patient', 'doctor'] as const) {
      expect((await call('GET', '/worklist', user)).statusCode, user).toBe(403);
    }
    expect((await call('GET', '/worklist?limit=100000', 'admin')).statusCode).toBe(400);
    expect((await call('GET', '/worklist?days=-1', 'admin')).statusCode).toBe(400);
  });
});
