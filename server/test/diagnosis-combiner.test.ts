import { SET_MAX_CODES } from '@clinic/contract/diagnosis-combiner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedBy, committedAuditRow } from './audit-rows';
import { walkKeyPages } from './key-pages';
import { expectHiddenLikeMissing, expectRefusal } from './refusals';
import { createTestApp, type TestApp } from './test-app';

/** Diagnosis combiners: an authorization's diagnosis and procedure sets (spec §7, docs/decisions/0029). */
let t: TestApp;
let emily: number;
let james: number;
/** Emily's current authorization (BCB-448120) and its seeded combiner. */
let emilyAuth: number;
let emilyCombiner: number;
/** James's authorization. */
let jamesAuth: number;

const STAFF = ['admin', 'manager', 'frontdesk', 'doctor'] as const;
type User = (typeof STAFF)[number] | 'patient' | 'patient2';
const tokens = {} as Record<User, string>;

type Json = Record<string, unknown>;
const BASE = '/api/diagnosisCombiner';
const RESOURCE = 'diagnosis-combiner';
const FIELDS = ['authId', 'diagCombId', 'diagnoses', 'diagnosisSet', 'procedureSet', 'procedures'];

beforeAll(async () => {
  t = await createTestApp();
  for (const user of [...STAFF, 'patient', 'patient2'] as const) tokens[user] = await t.login(user);
  emily = await t.patientIdOf('patient');
  james = await t.patientIdOf('patient2');
  const db = t.database.db;
  const auth = await db
    .selectFrom('patient_authorizations')
    .select('id')
    .where('auth_code', '=', 'BCB-448120')
    .executeTakeFirstOrThrow();
  emilyAuth = auth.id;
  const combiner = await db
    .selectFrom('diagnosis_combiners')
    .select('id')
    .where('authorization_id', '=', emilyAuth)
    .executeTakeFirstOrThrow();
  emilyCombiner = combiner.id;
  const theirs = await db
    .selectFrom('patient_authorizations')
    .select('id')
    .where('patient_id', '=', james)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  jamesAuth = theirs.id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.call({ method: 'GET', url, token });
const save = (payload: Json, token?: string) =>
  t.call({ method: 'POST', url: `${BASE}/save`, token, payload });
const put = (url: string, token?: string) => t.call({ method: 'PUT', url, token });
const del = (url: string, token?: string) => t.call({ method: 'DELETE', url, token });

/** Every combiner's code rows, to check that a refused call changed nothing. */
function allCodeRows() {
  return t.database.db
    .selectFrom('diagnosis_combiner_codes')
    .selectAll()
    .orderBy('diagnosis_combiner_id')
    .orderBy('kind')
    .orderBy('position')
    .execute();
}

async function combinerCount() {
  const row = await t.database.db
    .selectFrom('diagnosis_combiners')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The sets of one combiner as stored, each in position order. */
async function setsOf(id: number) {
  const rows = await t.database.db
    .selectFrom('diagnosis_combiner_codes as c')
    .innerJoin('procedures as p', 'p.id', 'c.procedure_id')
    .select(['c.kind', 'c.position', 'p.code'])
    .where('c.diagnosis_combiner_id', '=', id)
    .orderBy('c.kind')
    .orderBy('c.position')
    .execute();
  return {
    D: rows.filter((r) => r.kind === 'D').map((r) => r.code),
    P: rows.filter((r) => r.kind === 'P').map((r) => r.code),
  };
}

/** A fresh combiner of Emily's current authorization, to change without touching the seeded one. */
async function freshCombiner(
  diagnosisSet = 'M54.2,M79.7,R26.81',
  procedureSet = '97124,97035,97010',
): Promise<number> {
  const res = await save({ authId: emilyAuth, diagnosisSet, procedureSet }, tokens.manager);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().diagCombId as number;
}

describe('GET /diagnosisCombiner/{id}', () => {
  it("answers the combiner with the spec's field names: comma sets in entry order, codes described", async () => {
    const res = await get(`${BASE}/${emilyCombiner}`, tokens.patient);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      diagCombId: emilyCombiner,
      authId: emilyAuth,
      diagnosisSet: 'M54.50,M62.830',
      procedureSet: '97162,97110,97140,97530',
      diagnoses: [
        { code: 'M54.50', description: 'Low back pain, unspecified' },
        { code: 'M62.830', description: 'Muscle spasm of back' },
      ],
      procedures: [
        { code: '97162', description: 'Physical therapy evaluation, moderate complexity' },
        { code: '97110', description: 'Therapeutic exercise, each 15 minutes' },
        { code: '97140', description: 'Manual therapy techniques, each 15 minutes' },
        { code: '97530', description: 'Therapeutic activities, each 15 minutes' },
      ],
    });
    for (const user of STAFF)
      expect((await get(`${BASE}/${emilyCombiner}`, tokens[user])).statusCode).toBe(200);
  });

  it("another patient's combiner is 404 like an unknown one; no sign-in 401; malformed 400", async () => {
    await expectHiddenLikeMissing(
      (url) => get(url, tokens.patient2),
      `${BASE}/${emilyCombiner}`,
      `${BASE}/999999`,
    );
    expect((await get(`${BASE}/999999`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`${BASE}/${emilyCombiner}`)).statusCode).toBe(401);
    expect((await get(`${BASE}/abc`, tokens.admin)).statusCode).toBe(400);
  });

  it('audits the read against the patient', async () => {
    const rows = await auditedBy(t, RESOURCE, 1, () => get(`${BASE}/${emilyCombiner}`, tokens.doctor));
    expect(rows[0]).toMatchObject({ action: 'read', patient_id: emily, outcome: 'success' });
  });
});

describe('GET /diagnosisCombiner/auth/{authId} and /diagnosis-id/{authId}', () => {
  it("lists the authorization's combiners; the first one's id is a JSON number", async () => {
    const list = await get(`${BASE}/auth/${emilyAuth}`, tokens.patient);
    expect(list.statusCode).toBe(200);
    const combiners = list.json() as Json[];
    expect(combiners[0]).toMatchObject({ diagCombId: emilyCombiner, diagnosisSet: 'M54.50,M62.830' });
    for (const item of combiners) {
      expect(Object.keys(item).sort()).toEqual(FIELDS);
      expect(item.authId).toBe(emilyAuth);
    }
    const first = await get(`${BASE}/diagnosis-id/${emilyAuth}`, tokens.frontdesk);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/application\/json/);
    expect(first.json()).toBe(emilyCombiner);
  });

  it("another patient's authorization is 404 like an unknown one; one without combiners is 404 for its id", async () => {
    for (const path of ['auth', 'diagnosis-id']) {
      await expectHiddenLikeMissing(
        (url) => get(url, tokens.patient2),
        `${BASE}/${path}/${emilyAuth}`,
        `${BASE}/${path}/999999`,
      );
      expect((await get(`${BASE}/${path}/999999`, tokens.admin)).statusCode).toBe(404);
      expect((await get(`${BASE}/${path}/x`, tokens.admin)).statusCode).toBe(400);
    }
    const bare = await t.database.db
      .insertInto('patient_authorizations')
      .values({ patient_id: james, day_start: '2026-01-01', day_end: '2026-03-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await get(`${BASE}/auth/${bare.id}`, tokens.patient2)).json()).toEqual([]);
    const none = await get(`${BASE}/diagnosis-id/${bare.id}`, tokens.patient2);
    expectRefusal(none, 404, 'This authorization has no diagnosis combiner.');
  });
});

describe('GET /diagnosisCombiner/all (staff)', () => {
  it('lists combiners newest first, with their sets; patients are refused', async () => {
    const res = await get(`${BASE}/all`, tokens.doctor);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Json[];
    const ids = list.map((c) => c.diagCombId as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(list.find((c) => c.diagCombId === emilyCombiner)).toMatchObject({
      diagnosisSet: 'M54.50,M62.830',
    });
    expect((await get(`${BASE}/all`, tokens.patient)).statusCode).toBe(403);
    expect((await get(`${BASE}/all?limit=201`, tokens.admin)).statusCode).toBe(400);
  });

  it('pages by key with a Link header while there may be more', async () => {
    const total = await combinerCount();
    expect(total).toBeGreaterThan(4);
    const { keys: seen } = await walkKeyPages(
      (url) => get(url, tokens.admin),
      `${BASE}/all`,
      'diagCombId',
      4,
    );
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });
});

describe('POST /diagnosisCombiner/save (ADMIN, MANAGER)', () => {
  it('a MANAGER saves sets from comma lists or arrays, in upper case and entry order; audited', async () => {
    const res = await save(
      { authId: String(emilyAuth), diagnosisSet: ' m54.2, M79.7 ,', procedureSet: ['97124', ' 97035 '] },
      tokens.manager,
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(FIELDS);
    expect(body).toMatchObject({
      authId: emilyAuth,
      diagnosisSet: 'M54.2,M79.7',
      procedureSet: '97124,97035',
      diagnoses: [
        { code: 'M54.2', description: 'Cervicalgia' },
        { code: 'M79.7', description: 'Fibromyalgia' },
      ],
    });
    expect(await setsOf(body.diagCombId)).toEqual({ D: ['M54.2', 'M79.7'], P: ['97124', '97035'] });
    expect(await committedAuditRow(t, RESOURCE, 'create', body.diagCombId)).toMatchObject({
      patient_id: emily,
      actor_username: 'manager',
    });
    const admin = await save({ authId: jamesAuth, diagnosisSet: '', procedureSet: null }, tokens.admin);
    expect(admin.statusCode, admin.body).toBe(201);
    expect(admin.json()).toMatchObject({ diagnosisSet: '', procedureSet: '', diagnoses: [], procedures: [] });
  });

  it('refuses other roles and anonymous callers, and saves nothing', async () => {
    const before = await combinerCount();
    const payload = { authId: emilyAuth, diagnosisSet: 'M54.2' };
    expect((await save(payload)).statusCode).toBe(401);
    for (const user of ['frontdesk', 'doctor', 'patient'] as const) {
      expect((await save(payload, tokens[user])).statusCode, user).toBe(403);
    }
    expect(await combinerCount()).toBe(before);
  });

  it('bad input is a 400 naming the problem, and saves nothing', async () => {
    const before = await combinerCount();
    const codes = await allCodeRows();
    const thirteen = [
      '97161',
      '97162',
      '97163',
      '97164',
      '97110',
      '97112',
      '97116',
      '97140',
      '97530',
      '97010',
    ];
    thirteen.push('97014', 'G0283', '97035');
    const cases: [Json, string | RegExp][] = [
      [{ authId: null, diagnosisSet: 'M54.2' }, 'authId is required.'],
      [{ authId: 'abc' }, 'authId must be a positive whole number.'],
      [{ authId: 999999, diagnosisSet: 'M54.2' }, 'Authorization not found.'],
      [{ authId: emilyAuth, diagnosisSet: '97110' }, '97110 is not a diagnosis code.'],
      [{ authId: emilyAuth, procedureSet: 'm54.50' }, 'M54.50 is not a procedure code.'],
      [{ authId: emilyAuth, diagnosisSet: 'M54.2,ZZ99.9' }, 'Code ZZ99.9 does not exist.'],
      [{ authId: emilyAuth, diagnosisSet: 'M54.2, m54.2' }, 'M54.2 is in the diagnosis set twice.'],
      [
        { authId: emilyAuth, procedureSet: thirteen.join(',') },
        `A procedure set holds at most ${SET_MAX_CODES} codes.`,
      ],
      [{ authId: emilyAuth, procedureSet: thirteen }, /procedureSet/],
    ];
    for (const [payload, message] of cases) {
      expectRefusal(await save(payload, tokens.admin), 400, message);
    }
    expect((await save({ diagnosisSet: 'M54.2' }, tokens.admin)).statusCode).toBe(400);
    expect(await combinerCount()).toBe(before);
    expect(await allCodeRows()).toEqual(codes);
  });
});

describe('PUT /diagnosisCombiner/{id}/updateDiagnosis/{old} and updateProcedure (ADMIN)', () => {
  it('puts the new code in the old one’s place and answers the combiner; audited', async () => {
    const id = await freshCombiner();
    const res = await put(`${BASE}/${id}/updateDiagnosis/m79.7?newDiagnosis=m54.16`, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ diagCombId: id, diagnosisSet: 'M54.2,M54.16,R26.81' });
    expect(res.json().diagnoses[1]).toEqual({ code: 'M54.16', description: 'Radiculopathy, lumbar region' });
    expect(await committedAuditRow(t, RESOURCE, 'update', id)).toMatchObject({
      patient_id: emily,
      actor_username: 'admin',
    });

    const proc = await put(`${BASE}/${id}/updateProcedure/97124?newProcedure=97140`, tokens.admin);
    expect(proc.statusCode, proc.body).toBe(200);
    expect(proc.json().procedureSet).toBe('97140,97035,97010');
    expect(await setsOf(id)).toEqual({ D: ['M54.2', 'M54.16', 'R26.81'], P: ['97140', '97035', '97010'] });
  });

  it('refuses a MANAGER and other roles (403); nothing changes', async () => {
    const id = await freshCombiner();
    const before = await setsOf(id);
    for (const user of ['manager', 'frontdesk', 'doctor', 'patient'] as const) {
      const res = await put(`${BASE}/${id}/updateDiagnosis/M54.2?newDiagnosis=M54.16`, tokens[user]);
      expect(res.statusCode, user).toBe(403);
      const proc = await put(`${BASE}/${id}/updateProcedure/97124?newProcedure=97140`, tokens[user]);
      expect(proc.statusCode, user).toBe(403);
    }
    expect(await setsOf(id)).toEqual(before);
  });

  it('an old code not in the set is 404, a bad new one 400, one already there 409; nothing changes', async () => {
    const id = await freshCombiner();
    const before = await setsOf(id);
    const url = (old: string, next: string) => `${BASE}/${id}/updateDiagnosis/${old}?newDiagnosis=${next}`;
    expectRefusal(
      await put(url('M54.50', 'M54.16'), tokens.admin),
      404,
      'M54.50 is not in the diagnosis set.',
    );
    expectRefusal(await put(url('M54.2', 'ZZ99.9'), tokens.admin), 400, 'Code ZZ99.9 does not exist.');
    expectRefusal(await put(url('M54.2', '97110'), tokens.admin), 400, '97110 is not a diagnosis code.');
    expectRefusal(
      await put(url('M54.2', 'r26.81'), tokens.admin),
      409,
      'R26.81 is already in the diagnosis set.',
    );
    expectRefusal(
      await put(`${BASE}/${id}/updateProcedure/97124?newProcedure=M54.16`, tokens.admin),
      400,
      'M54.16 is not a procedure code.',
    );
    expectRefusal(
      await put(`${BASE}/${id}/updateProcedure/M54.2?newProcedure=97140`, tokens.admin),
      404,
      'M54.2 is not in the procedure set.',
    );
    expect((await put(`${BASE}/${id}/updateDiagnosis/M54.2`, tokens.admin)).statusCode).toBe(400);
    const unknown = await put(`${BASE}/999999/updateDiagnosis/M54.2?newDiagnosis=M54.16`, tokens.admin);
    expectRefusal(unknown, 404, 'Diagnosis combiner not found.');
    expect(await setsOf(id)).toEqual(before);
  });

  it('two edits racing to the same new code: one lands, the other is 409', async () => {
    const id = await freshCombiner();
    const [a, b] = await Promise.all([
      put(`${BASE}/${id}/updateDiagnosis/M54.2?newDiagnosis=M17.11`, tokens.admin),
      put(`${BASE}/${id}/updateDiagnosis/M79.7?newDiagnosis=M17.11`, tokens.admin),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    expect((await setsOf(id)).D.filter((code) => code === 'M17.11')).toHaveLength(1);
  });
});

describe('DELETE /diagnosisCombiner/{id}/deleteDiagnosis/{code} and deleteProcedure (ADMIN)', () => {
  it('takes the code out and answers the combiner; audited', async () => {
    const id = await freshCombiner();
    const res = await del(`${BASE}/${id}/deleteDiagnosis/m79.7`, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ diagCombId: id, diagnosisSet: 'M54.2,R26.81' });
    expect(await committedAuditRow(t, RESOURCE, 'update', id)).toMatchObject({ patient_id: emily });
    const proc = await del(`${BASE}/${id}/deleteProcedure/97035`, tokens.admin);
    expect(proc.json().procedureSet).toBe('97124,97010');
    expect(await setsOf(id)).toEqual({ D: ['M54.2', 'R26.81'], P: ['97124', '97010'] });
  });

  it('a code not in the set is 404; other roles 403; nothing changes', async () => {
    const id = await freshCombiner();
    const before = await setsOf(id);
    expectRefusal(
      await del(`${BASE}/${id}/deleteDiagnosis/97124`, tokens.admin),
      404,
      '97124 is not in the diagnosis set.',
    );
    expectRefusal(
      await del(`${BASE}/${id}/deleteProcedure/M54.2`, tokens.admin),
      404,
      'M54.2 is not in the procedure set.',
    );
    expect((await del(`${BASE}/999999/deleteProcedure/97124`, tokens.admin)).statusCode).toBe(404);
    for (const user of ['manager', 'frontdesk', 'doctor', 'patient'] as const) {
      expect((await del(`${BASE}/${id}/deleteDiagnosis/M54.2`, tokens[user])).statusCode, user).toBe(403);
      expect((await del(`${BASE}/${id}/deleteProcedure/97124`, tokens[user])).statusCode, user).toBe(403);
    }
    expect(await setsOf(id)).toEqual(before);
  });
});

describe('DELETE /diagnosisCombiner/delete/{id} (ADMIN)', () => {
  it('refuses a MANAGER and other roles; deletes with 204 and its codes; audited; again 404', async () => {
    const id = await freshCombiner();
    for (const user of ['manager', 'frontdesk', 'doctor', 'patient'] as const) {
      expect((await del(`${BASE}/delete/${id}`, tokens[user])).statusCode, user).toBe(403);
    }
    expect((await setsOf(id)).D).toHaveLength(3);
    const res = await del(`${BASE}/delete/${id}`, tokens.admin);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await setsOf(id)).toEqual({ D: [], P: [] });
    expect(await committedAuditRow(t, RESOURCE, 'delete', id)).toMatchObject({
      patient_id: emily,
      actor_username: 'admin',
    });
    expect((await del(`${BASE}/delete/${id}`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`${BASE}/${id}`, tokens.admin)).statusCode).toBe(404);
  });

  it("a refused delete leaves an audit row naming the combiner's patient", async () => {
    const id = await freshCombiner();
    const rows = await auditedBy(t, RESOURCE, 1, () => del(`${BASE}/delete/${id}`, tokens.manager));
    expect(rows[0]).toMatchObject({ action: 'delete', outcome: 'denied', resource_id: String(id) });
  });
});
