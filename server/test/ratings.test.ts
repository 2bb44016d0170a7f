import { POINTS_PER_RATING } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import type { Rating, RatingSummary } from '@clinic/contract/ratings';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { auditedBy, committedAuditRow } from './audit-rows';
import { expectRefusal } from './refusals';
import { createTestApp, type TestApp } from './test-app';
import { visitDayClock } from './visit-day-clock';

let t: TestApp;
/** Check-in happens on the visit's day (decision 0054): status changes run at the visit's start. */
const clock = visitDayClock(() => t.database.db);
type User = 'admin' | 'manager' | 'frontdesk' | 'doctor' | 'patient' | 'patient2';
const tokens = {} as Record<User, string>;
let emily = 0;
let james = 0;

type Json = Record<string, unknown>;
const DOCTOR = 3;
const OFFICE = 2;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  for (const user of ['admin', 'manager', 'frontdesk', 'doctor', 'patient', 'patient2'] as const)
    tokens[user] = await t.login(user);
  emily = await t.patientIdOf('patient');
  james = await t.patientIdOf('patient2');
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, user?: User, payload?: Json) =>
  t.call({ method, url: `/api/ratings${url}`, token: user ? tokens[user] : undefined, payload });

let visitSerial = 0;

/**
 * A visit of `patientId` on `date` with `status`; when Completed, with the default row completion writes
 * (unless `withDefault` is false, as in data from before completion wrote it).
 */
async function visit(
  patientId: number,
  options: { date?: string; status?: 'Completed' | 'Scheduled'; withDefault?: boolean } = {},
) {
  const { date = '2026-03-02', status = 'Completed', withDefault = true } = options;
  visitSerial++;
  const time = `${String(8 + (visitSerial % 10)).padStart(2, '0')}:${visitSerial % 2 ? '00' : '30'}`;
  const appointment = await t.database.db
    .insertInto('appointments')
    .values({
      office_id: OFFICE,
      doctor_id: DOCTOR,
      patient_id: patientId,
      appointment_date: date,
      appointment_time: time,
      // One instant per visit: a patient holds one live appointment at an instant.
      starts_at: new Date(Date.parse(`${date}T15:00:00Z`) + visitSerial * 60_000),
      type_visit: 'eval',
      status,
      completed_at: status === 'Completed' ? new Date(`${date}T16:00:00Z`) : null,
      doctor_exclusive: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (status === 'Completed' && withDefault) {
    await t.database.db
      .insertInto('ratings')
      .values({
        appointment_id: appointment.id,
        patient_id: patientId,
        doctor_id: DOCTOR,
        office_id: OFFICE,
        rating: 100,
        office_rating: 100,
        type: 'default',
        visit_date: date,
      })
      .execute();
  }
  return appointment.id;
}

const ratingRowOf = (appointmentId: number) =>
  t.database.db
    .selectFrom('ratings')
    .selectAll()
    .where('appointment_id', '=', appointmentId)
    .executeTakeFirstOrThrow();

async function pointsOf(patientId: number): Promise<number> {
  const bank = await t.database.db
    .selectFrom('points_banks')
    .select('total_points')
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  return bank?.total_points ?? 0;
}

async function ratingLedgerRows(appointmentId: number) {
  return t.database.db
    .selectFrom('points_ledger')
    .selectAll()
    .where('reason', '=', 'rating_submitted')
    .where('appointment_id', '=', appointmentId)
    .execute();
}

const scores = (overrides: Json = {}): Json => ({
  rating: 8,
  officeRating: 9,
  reason: 'Helpful visit',
  extraNotes: 'Kind staff',
  ...overrides,
});

describe('rating a visit', () => {
  it('POST /ratings/add writes the scores into the visit’s row, awards one point and audits it', async () => {
    const appointmentId = await visit(emily);
    const before = await pointsOf(emily);
    const row = await ratingRowOf(appointmentId);
    const res = await call('POST', '/add', 'patient', scores({ appointmentId }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      ratingId: row.id,
      appointmentId,
      rating: 8,
      officeRating: 9,
      reason: 'Helpful visit',
      extraNotes: 'Kind staff',
      anoymonous: false,
      type: 'patient',
      rated: true,
      patientId: emily,
      patientName: 'Emily Carter',
      doctorId: DOCTOR,
      officeId: OFFICE,
      date: '2026-03-02',
    });
    expect(res.json().doctorName).toEqual(expect.any(String));
    expect(res.json().officeName).toEqual(expect.any(String));
    const stored = await ratingRowOf(appointmentId);
    expect(stored).toMatchObject({ type: 'patient', rating: 8, office_rating: 9, anonymous: false });
    expect(stored.rated_at).not.toBeNull();
    expect(await pointsOf(emily)).toBe(before + POINTS_PER_RATING);
    const ledger = await ratingLedgerRows(appointmentId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: POINTS_PER_RATING, rating_id: null });
    expect(await committedAuditRow(t, 'rating', 'create', row.id)).toMatchObject({ patient_id: emily });
  });

  it('reads the visit from appoinmentId and an id as a string too', async () => {
    const appointmentId = await visit(emily);
    const res = await call('POST', '/add', 'patient', scores({ appoinmentId: String(appointmentId) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().appointmentId).toBe(appointmentId);
    expectRefusal(await call('POST', '/add', 'patient', scores()), 400, 'appointmentId is required.');
  });

  it('PUT /ratings/update/{rating id} and /ratings/update/appointment/{id} rate the visit too (200)', async () => {
    const first = await visit(emily);
    const byRow = await call(
      'PUT',
      `/update/${(await ratingRowOf(first)).id}`,
      'patient',
      scores({ rating: 3 }),
    );
    expect(byRow.statusCode, byRow.body).toBe(200);
    expect(byRow.json()).toMatchObject({ appointmentId: first, rating: 3, type: 'patient' });
    const second = await visit(emily);
    const byVisit = await call(
      'PUT',
      `/update/appointment/${second}`,
      'patient',
      scores({ officeRating: 2 }),
    );
    expect(byVisit.statusCode, byVisit.body).toBe(200);
    expect(byVisit.json()).toMatchObject({ appointmentId: second, officeRating: 2, type: 'patient' });
    expect(await committedAuditRow(t, 'rating', 'update', (await ratingRowOf(second)).id)).toMatchObject({
      patient_id: emily,
    });
  });

  it('a visit is rated once: every route answers 409 the second time, and the point is not given again', async () => {
    const appointmentId = await visit(emily);
    const rowId = (await ratingRowOf(appointmentId)).id;
    expect((await call('POST', '/add', 'patient', scores({ appointmentId }))).statusCode).toBe(201);
    const points = await pointsOf(emily);
    for (const [method, url, body] of [
      ['POST', '/add', scores({ appointmentId })],
      ['PUT', `/update/${rowId}`, scores()],
      ['PUT', `/update/appointment/${appointmentId}`, scores({ anonymous: true })],
    ] as const) {
      expectRefusal(await call(method, url, 'patient', body), 409, MSG.ratingAlreadyGiven, url);
    }
    expect(await pointsOf(emily)).toBe(points);
    expect(await ratingLedgerRows(appointmentId)).toHaveLength(1);
    expect(await ratingRowOf(appointmentId)).toMatchObject({ rating: 8, office_rating: 9 });
  });

  it('only a completed visit can be rated (409)', async () => {
    const appointmentId = await visit(emily, { status: 'Scheduled' });
    expectRefusal(
      await call('POST', '/add', 'patient', scores({ appointmentId })),
      409,
      MSG.ratingOnlyCompleted,
    );
    expect(await ratingLedgerRows(appointmentId)).toHaveLength(0);
  });

  it('rates a visit the front desk has just completed: one point for the visit, one for the rating', async () => {
    const appointmentId = await visit(emily, { status: 'Scheduled' });
    const points = await pointsOf(emily);
    for (const conformation of ['Walked In', 'In Room', 'Completed']) {
      const moved = await clock.atVisit(appointmentId, () =>
        t.call({
          method: 'PATCH',
          url: `/api/appointments/update-conformation/${appointmentId}`,
          token: tokens.frontdesk,
          payload: { conformation },
        }),
      );
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const res = await call('PUT', `/update/appointment/${appointmentId}`, 'patient', scores());
    expect(res.statusCode, res.body).toBe(200);
    expect(await pointsOf(emily)).toBe(points + 2);
    const ledger = await t.database.db
      .selectFrom('points_ledger')
      .select('reason')
      .where('appointment_id', '=', appointmentId)
      .orderBy('id')
      .execute();
    expect(ledger.map((row) => row.reason)).toEqual(['appointment_completed', 'rating_submitted']);
  });

  it('writes the default row first when completion left none (older data)', async () => {
    const appointmentId = await visit(emily, { withDefault: false });
    const res = await call('PUT', `/update/appointment/${appointmentId}`, 'patient', scores());
    expect(res.statusCode, res.body).toBe(200);
    expect(await ratingRowOf(appointmentId)).toMatchObject({
      type: 'patient',
      rating: 8,
      visit_date: '2026-03-02',
    });
  });

  it('refuses scores that are not whole numbers from 1 to 10, changing nothing', async () => {
    const appointmentId = await visit(emily);
    const points = await pointsOf(emily);
    for (const [field, value] of [
      ['rating', 0],
      ['rating', 11],
      ['rating', 7.5],
      ['officeRating', 0],
      ['officeRating', '7'],
      ['officeRating', null],
    ] as const) {
      const res = await call('POST', '/add', 'patient', scores({ appointmentId, [field]: value }));
      expectRefusal(res, 400, `${field} must be a whole number from 1 to 10`, `${field}=${value}`);
    }
    const missing = await call('POST', '/add', 'patient', { appointmentId, officeRating: 5 });
    expectRefusal(missing, 400, 'rating is required');
    expect(await ratingRowOf(appointmentId)).toMatchObject({ type: 'default', rating: 100, rated_at: null });
    expect(await pointsOf(emily)).toBe(points);
  });

  it('two rating calls of one visit at once give exactly one rating and one point', async () => {
    for (let round = 0; round < 5; round++) {
      const appointmentId = await visit(emily);
      const points = await pointsOf(emily);
      const results = await Promise.all([
        call('POST', '/add', 'patient', scores({ appointmentId, rating: 4 })),
        call(
          'PUT',
          `/update/appointment/${appointmentId}`,
          'patient',
          scores({ anonymous: true, rating: 6 }),
        ),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect([201, 200]).toContain(codes.find((c) => c !== 409));
      expect(
        codes.filter((c) => c === 409),
        results.map((r) => r.body).join(' | '),
      ).toHaveLength(1);
      expect(await pointsOf(emily)).toBe(points + POINTS_PER_RATING);
      expect(await ratingLedgerRows(appointmentId)).toHaveLength(1);
    }
  });
});

describe('anonymous ratings', () => {
  const MARKER = 'Anonymous-marker reason';
  let appointmentId = 0;
  let rowId = 0;
  let anonymousId = 0;

  beforeAll(async () => {
    appointmentId = await visit(james, { date: '2026-03-03' });
    rowId = (await ratingRowOf(appointmentId)).id;
    const res = await call(
      'POST',
      '/add',
      'patient2',
      scores({ appointmentId, anoymonous: true, rating: 2, officeRating: 3, reason: MARKER }),
    );
    expect(res.statusCode, res.body).toBe(201);
    // The patient's answer is the visit's own row, rated anonymously: no scores, not the anonymous row.
    expect(res.json()).toMatchObject({
      ratingId: rowId,
      appointmentId,
      rated: true,
      anoymonous: true,
      type: 'default',
      rating: 100,
    });
    const anonymous = await t.database.db
      .selectFrom('ratings')
      .selectAll()
      .where('reason', '=', MARKER)
      .executeTakeFirstOrThrow();
    anonymousId = anonymous.id;
  });

  it('stores the scores in a row with no appointment and no patient, and no moment of rating', async () => {
    const anonymous = await t.database.db
      .selectFrom('ratings')
      .selectAll()
      .where('id', '=', anonymousId)
      .executeTakeFirstOrThrow();
    expect(anonymous).toMatchObject({
      appointment_id: null,
      patient_id: null,
      doctor_id: DOCTOR,
      office_id: OFFICE,
      rating: 2,
      office_rating: 3,
      anonymous: true,
      type: 'patient',
      visit_date: '2026-03-03',
      rated_at: null,
    });
    expect(anonymous.created_at.toISOString()).toBe('2026-03-03T00:00:00.000Z');
    const own = await ratingRowOf(appointmentId);
    expect(own).toMatchObject({
      type: 'default',
      rating: 100,
      office_rating: 100,
      reason: '',
      anonymous: false,
    });
    expect(own.rated_at).not.toBeNull();
    // The point is linked to the visit, not to the anonymous row.
    const ledger = await ratingLedgerRows(appointmentId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.rating_id).toBeNull();
    const linked = await t.database.db
      .selectFrom('points_ledger')
      .select('id')
      .where('rating_id', '=', anonymousId)
      .execute();
    expect(linked).toHaveLength(0);
  });

  it('is read as "rated anonymously" by its patient, as a plain default row by the admin', async () => {
    const mine = await call('GET', `/appointment/${appointmentId}`, 'patient2');
    expect(mine.json()).toMatchObject({ ratingId: rowId, rated: true, anoymonous: true, type: 'default' });
    const admins = await call('GET', `/appointment/${appointmentId}`, 'admin');
    expect(admins.json()).toMatchObject({
      ratingId: rowId,
      rated: false,
      anoymonous: false,
      type: 'default',
    });
    const myList = await call('GET', `/appointment/all/${james}`, 'patient2');
    expect(myList.json().find((r: Rating) => r.ratingId === rowId)).toMatchObject({
      rated: true,
      anoymonous: true,
    });
    const adminList = await call('GET', `/appointment/all/${james}`, 'admin');
    expect(adminList.json().find((r: Rating) => r.ratingId === rowId)).toMatchObject({ rated: false });
  });

  it('no answer to anyone ties the anonymous row or its scores to the patient', async () => {
    const answers: LightMyRequestResponse[] = [];
    const all = await call('GET', '/all?from=2026-03-03&to=2026-03-03&limit=200', 'admin');
    answers.push(all);
    const listed = all.json().find((r: Rating) => r.ratingId === anonymousId);
    expect(listed).toMatchObject({
      appointmentId: 0,
      patientId: null,
      patientName: null,
      anoymonous: true,
      rating: 2,
      reason: MARKER,
    });
    const byId = await call('GET', `/${anonymousId}`, 'admin');
    answers.push(byId);
    expect(byId.json()).toMatchObject({
      ratingId: anonymousId,
      appointmentId: 0,
      patientId: null,
      patientName: null,
    });
    answers.push(await call('GET', '/summary', 'admin'));
    const csv = await call('GET', '/export?from=2026-03-03&to=2026-03-03', 'admin');
    answers.push(csv);
    const line = csv.body.split('\r\n').find((l) => l.includes(MARKER));
    expect(line?.startsWith(',')).toBe(true);
    expect(line?.endsWith(',Yes')).toBe(true);
    // The patient's own reads, and the admin's reads of the patient, never hold the anonymous scores.
    for (const user of ['patient2', 'admin'] as const) {
      answers.push(await call('GET', `/appointment/all/${james}`, user));
      answers.push(await call('GET', `/appointment/${appointmentId}`, user));
      answers.push(await call('GET', `/${rowId}`, user));
    }
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    // The admin's list, row, summary and export of that day: the anonymous scores without the patient.
    for (const answer of answers.slice(0, 4)) {
      expect(answer.body).not.toContain('James');
      expect(answer.body).not.toContain(`"patientId":${james}`);
    }
    for (const answer of answers.slice(4)) {
      expect(answer.body).not.toContain(MARKER);
      expect(answer.body).not.toContain(`"ratingId":${anonymousId}`);
    }
    // The patient cannot read the anonymous row either.
    expect((await call('GET', `/${anonymousId}`, 'patient2')).statusCode).toBe(404);
  });

  it('no audit row names the anonymous row, and none names it with the patient', async () => {
    const rows = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'rating')
      .where('resource_id', '=', String(anonymousId))
      .execute();
    expect(rows.every((row) => row.patient_id === null)).toBe(true);
    const written = await committedAuditRow(t, 'rating', 'create', rowId);
    expect(written).toMatchObject({ patient_id: james, resource_id: String(rowId) });
  });
});

describe('who may call what', () => {
  let emilyVisit = 0;
  let emilyRow = 0;

  beforeAll(async () => {
    emilyVisit = await visit(emily);
    emilyRow = (await ratingRowOf(emilyVisit)).id;
  });

  const adminReads = ['/all', '/summary', '/export'];

  it('anonymous callers are refused everywhere (401)', async () => {
    const calls = [
      ['POST', '/add'],
      ['PUT', `/update/${emilyRow}`],
      ['PUT', `/update/appointment/${emilyVisit}`],
      ...adminReads.map((url) => ['GET', url] as const),
      ['GET', `/${emilyRow}`],
      ['GET', `/appointment/${emilyVisit}`],
      ['GET', `/appointment/all/${emily}`],
    ] as const;
    for (const [method, url] of calls) {
      const res = await call(method, url, undefined, scores({ appointmentId: emilyVisit }));
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('the admin reads are refused to every other role (403)', async () => {
    for (const user of ['manager', 'frontdesk', 'doctor', 'patient'] as const) {
      for (const url of adminReads)
        expect((await call('GET', url, user)).statusCode, `${user} ${url}`).toBe(403);
    }
  });

  it('staff cannot rate (403), and only the admin among staff reads a patient’s ratings', async () => {
    for (const user of ['admin', 'manager', 'frontdesk', 'doctor'] as const) {
      const res = await call('POST', '/add', user, scores({ appointmentId: emilyVisit }));
      expect(res.statusCode, user).toBe(403);
    }
    for (const user of ['manager', 'frontdesk', 'doctor'] as const) {
      for (const url of [`/${emilyRow}`, `/appointment/${emilyVisit}`, `/appointment/all/${emily}`]) {
        expect((await call('GET', url, user)).statusCode, `${user} ${url}`).toBe(403);
      }
    }
    expect((await call('GET', `/${emilyRow}`, 'admin')).json()).toMatchObject({ patientId: emily });
  });

  it('another patient’s visit and rating answer exactly like missing ones (404)', async () => {
    const pairs = [
      ['GET', `/${emilyRow}`, '/2147483647'],
      ['GET', `/appointment/${emilyVisit}`, '/appointment/2147483647'],
      ['GET', `/appointment/all/${emily}`, '/appointment/all/2147483647'],
      ['PUT', `/update/${emilyRow}`, '/update/2147483647'],
      ['PUT', `/update/appointment/${emilyVisit}`, '/update/appointment/2147483647'],
    ] as const;
    for (const [method, theirs, missing] of pairs) {
      const a = await call(method, theirs, 'patient2', scores());
      const b = await call(method, missing, 'patient2', scores());
      expect(a.statusCode, theirs).toBe(404);
      expect(a.json(), theirs).toEqual(b.json());
    }
    const add = await call('POST', '/add', 'patient2', scores({ appointmentId: emilyVisit }));
    const addMissing = await call('POST', '/add', 'patient2', scores({ appointmentId: 2147483647 }));
    expect(add.statusCode).toBe(404);
    expect(add.json()).toEqual(addMissing.json());
    expect(await ratingRowOf(emilyVisit)).toMatchObject({ type: 'default', rated_at: null });
  });

  it('reads name the patient in the audit', async () => {
    const rows = await auditedBy(t, 'rating', 2, async () => {
      await call('GET', `/${emilyRow}`, 'admin');
      await call('GET', `/appointment/all/${emily}`, 'patient');
    });
    expect(rows.map((r) => [r.action, r.patient_id, r.outcome])).toEqual([
      ['read', emily, 'success'],
      ['read', emily, 'success'],
    ]);
  });
});

describe('the admin list, summary and export', () => {
  /** Ratings of visits in 2019, apart from the demo data: [doctor, office, date, rating, office rating]. */
  const ROWS: [number, number, string, number, number][] = [
    [4, 1, '2019-01-15', 2, 9],
    [4, 1, '2019-01-15', 4, 7],
    [4, 3, '2019-02-01', 6, 5],
    [5, 3, '2019-02-01', 8, 3],
    [5, 3, '2019-03-10', 10, 1],
    [5, 1, '2019-03-10', 9, 2],
    [6, 3, '2019-04-20', 1, 10],
  ];
  const FROM = '2019-01-01';
  const TO = '2019-12-31';
  const ids: number[] = [];

  beforeAll(async () => {
    for (const [i, [doctor, office, date, rating, officeRating]] of ROWS.entries()) {
      const patientId = i % 2 ? emily : james;
      const appointmentId = await visit(patientId, { date });
      const row = await ratingRowOf(appointmentId);
      await t.database.db
        .updateTable('ratings')
        .set({
          doctor_id: doctor,
          office_id: office,
          rating,
          office_rating: officeRating,
          type: 'patient',
          rated_at: new Date(),
          reason: i === 0 ? '=HYPERLINK("http://x")' : i === 1 ? 'Late, "very" late\nagain' : `Reason ${i}`,
        })
        .where('id', '=', row.id)
        .execute();
      ids.push(row.id);
    }
  });

  /** The expected order: visit date desc, then id desc. */
  const ordered = () =>
    ROWS.map((row, i) => ({ id: ids[i]!, date: row[2], doctor: row[0], office: row[1] })).sort((a, b) =>
      a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1,
    );

  async function walk(query: string, limit: number) {
    const seen: number[] = [];
    let url: string | undefined = `/api/ratings/all?${query}&limit=${limit}`;
    let total: string | undefined;
    while (url) {
      const res = await t.call({ method: 'GET', url, token: tokens.admin });
      expect(res.statusCode, res.body).toBe(200);
      total = res.headers['x-total-count'] as string;
      const page = res.json() as Rating[];
      expect(page.length).toBeLessThanOrEqual(limit);
      seen.push(...page.map((r) => r.ratingId));
      const link = res.headers.link as string | undefined;
      if (link) expect(link).toContain(query);
      url = link?.match(/^<([^>]+)>; rel="next"$/)?.[1];
    }
    return { seen, total: Number(total) };
  }

  it('walks the filtered rows newest visit first, each exactly once, with the total count', async () => {
    const { seen, total } = await walk(`from=${FROM}&to=${TO}`, 2);
    expect(seen).toEqual(ordered().map((r) => r.id));
    expect(total).toBe(ROWS.length);
  });

  it('filters by doctor, office and dates', async () => {
    const byDoctor = await walk(`doctorId=4&from=${FROM}&to=${TO}`, 200);
    expect(byDoctor.seen).toEqual(
      ordered()
        .filter((r) => r.doctor === 4)
        .map((r) => r.id),
    );
    expect(byDoctor.total).toBe(3);
    const byOffice = await walk(`officeId=3&from=${FROM}&to=${TO}`, 2);
    expect(byOffice.seen).toEqual(
      ordered()
        .filter((r) => r.office === 3)
        .map((r) => r.id),
    );
    const byDates = await walk('from=2019-02-01&to=2019-03-10', 3);
    expect(byDates.seen).toEqual(
      ordered()
        .filter((r) => r.date >= '2019-02-01' && r.date <= '2019-03-10')
        .map((r) => r.id),
    );
    expect(byDates.total).toBe(4);
  });

  it('lists only patients’ ratings, with names, and the demo data in the default page size', async () => {
    const res = await call('GET', '/all', 'admin');
    const page = res.json() as Rating[];
    expect(page).toHaveLength(25);
    expect(page.every((r) => r.type === 'patient' && r.rated)).toBe(true);
    const named = page.find((r) => r.patientId !== null);
    expect(named?.patientName).toEqual(expect.any(String));
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(25);
  });

  it('gives the unfiltered total from the count the database keeps, which follows every insert and delete', async () => {
    const counted = async () => {
      const row = await t.database.db
        .selectFrom('ratings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('type', '=', 'patient')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const total = async () => Number((await call('GET', '/all', 'admin')).headers['x-total-count']);
    expect(await total()).toBe(await counted());
    const added = await t.database.db
      .insertInto('ratings')
      .values(
        [1, 2].map(() => ({
          type: 'patient' as const,
          anonymous: true,
          rating: 8,
          office_rating: 9,
          visit_date: '2019-05-01',
          rated_at: new Date(),
        })),
      )
      .returning('id')
      .execute();
    expect(await total()).toBe(await counted());
    await t.database.db
      .deleteFrom('ratings')
      .where(
        'id',
        'in',
        added.map((r) => r.id),
      )
      .execute();
    expect(await total()).toBe(await counted());
  });

  it('refuses a foreign cursor, a page over 200 and a date that is no day (400)', async () => {
    expectRefusal(await call('GET', '/all?cursor=bm9wZQ', 'admin'), 400, /cursor is not valid/);
    expect((await call('GET', '/all?limit=201', 'admin')).statusCode).toBe(400);
    expectRefusal(await call('GET', '/all?from=2019-02-30', 'admin'), 400, 'from is not a calendar date.');
    expectRefusal(await call('GET', '/summary?to=2019-13-01', 'admin'), 400, 'to is not a calendar date.');
  });

  it('summarises per doctor and per office, lowest average first, with the months', async () => {
    const res = await call('GET', `/summary?from=${FROM}&to=${TO}`, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json() as RatingSummary;
    expect(summary.doctors.map((d) => [d.id, d.average, d.count])).toEqual([
      [6, 1, 1],
      [4, 4, 3],
      [5, 9, 3],
    ]);
    expect(summary.offices.map((o) => [o.id, o.average, o.count])).toEqual([
      [3, 4.8, 4],
      [1, 6, 3],
    ]);
    expect(summary.doctors[1]!.months).toEqual([
      { month: '2019-01', average: 3, count: 2 },
      { month: '2019-02', average: 6, count: 1 },
    ]);
    expect(summary.doctors[0]!.name).toEqual(expect.any(String));
    // The trend covers the twelve months ending at `to`.
    const late = await call('GET', `/summary?from=${FROM}&to=2020-02-29`, 'admin');
    const doctor4 = (late.json() as RatingSummary).doctors.find((d) => d.id === 4)!;
    expect(doctor4.count).toBe(3);
    expect(doctor4.months).toEqual([]);
  });

  it('exports exactly the filtered rows as CSV, quoted and neutralised', async () => {
    const res = await call('GET', `/export?from=${FROM}&to=${TO}`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ratings_export.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Patient,Doctor,Doctor rating (out of 10),Office,Office rating (out of 10),Date,Reason,Notes,Anonymous',
    );
    expect(lines.at(-1)).toBe('');
    expect(res.body).toContain(`,"'=HYPERLINK(""http://x"")",`);
    expect(res.body).toContain(',"Late, ""very"" late\nagain",');
    // The header, one line per row (the quoted line break is a bare LF, not a record's CRLF), and ''.
    expect(lines).toHaveLength(ROWS.length + 2);
    const dates = lines
      .slice(1, -1)
      .map((l) => l.match(/,(\d{4}-\d{2}-\d{2}),/)?.[1])
      .filter(Boolean);
    expect(dates).toEqual(ordered().map((r) => r.date));
    const named = lines.find((l) => l.includes('Reason 2'))!;
    expect(named.startsWith('James ')).toBe(true);
    expect(named.endsWith(',No')).toBe(true);
  });

  it('puts the patients each exported page names on record before the page goes out', async () => {
    const named = await t.database.db
      .selectFrom('ratings')
      .select('patient_id')
      .distinct()
      .where('id', 'in', ids)
      .where('anonymous', '=', false)
      .execute();
    const expected = named.map((r) => r.patient_id).sort((a, b) => a! - b!);
    expect(expected.length).toBeGreaterThan(0);
    const rows = await auditedBy(t, 'rating', 2, () => call('GET', `/export?from=${FROM}&to=${TO}`, 'admin'));
    // The call's own row, and one for its one page, naming exactly the patients whose names it exported.
    expect(rows[0]).toMatchObject({ action: 'read', outcome: 'success', patient_ids: null });
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1]).toMatchObject({ action: 'read', actor_username: 'admin', patient_id: null });
    expect([...rows[1]!.patient_ids!].sort((a, b) => a - b)).toEqual(expected);
    expect(rows[1]!.request_id).toBe(rows[0]!.request_id);
  });

  it('a long export names each page’s patients in a row of its own', async () => {
    /** The export's page (ratings.service.ts). */
    const pageSize = 500;
    // Visits of 2017 rated by name: the first page's are James's alone, the second's Emily's.
    const patients = Array.from({ length: pageSize + 5 }, (_, i) => (i < pageSize ? james : emily));
    const dates = patients.map((_, i) => (i < pageSize ? '2017-06-02' : '2017-06-01'));
    const visits = await t.database.db
      .insertInto('appointments')
      .values(
        patients.map((patientId, i) => ({
          office_id: OFFICE,
          doctor_id: DOCTOR,
          patient_id: patientId,
          appointment_date: dates[i]!,
          appointment_time: '09:00',
          starts_at: new Date(Date.parse('2017-06-01T00:00:00Z') + i * 60_000),
          type_visit: 'eval',
          status: 'Completed' as const,
          completed_at: new Date('2017-06-03T00:00:00Z'),
          doctor_exclusive: false,
        })),
      )
      .returning('id')
      .execute();
    await t.database.db
      .insertInto('ratings')
      .values(
        visits.map((v, i) => ({
          appointment_id: v.id,
          patient_id: patients[i]!,
          doctor_id: DOCTOR,
          office_id: OFFICE,
          rating: 5,
          office_rating: 5,
          anonymous: false,
          type: 'patient' as const,
          rated_at: new Date('2017-06-03T00:00:00Z'),
          reason: `named ${i}`,
          visit_date: dates[i]!,
        })),
      )
      .execute();
    const rows = await auditedBy(t, 'rating', 3, () =>
      call('GET', '/export?from=2017-01-01&to=2017-12-31', 'admin'),
    );
    expect(rows.map((r) => r.patient_ids)).toEqual([null, [james], [emily]]);
  });

  it('streams an export longer than one database page in the list’s order', async () => {
    const many = 1100;
    await t.database.db
      .insertInto('ratings')
      .values(
        Array.from({ length: many }, (_, i) => ({
          appointment_id: null,
          patient_id: null,
          doctor_id: 7,
          office_id: 4,
          rating: 1 + (i % 10),
          office_rating: 1 + ((i + 3) % 10),
          anonymous: true,
          type: 'patient' as const,
          reason: `bulk ${i}`,
          visit_date: `2018-0${1 + (i % 9)}-1${i % 10}`,
        })),
      )
      .execute();
    const res = await call('GET', '/export?from=2018-01-01&to=2018-12-31', 'admin');
    const lines = res.body.slice(1).split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(many);
    const dates = lines.map((l) => l.split(',')[5]!);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(lines.map((l) => l.split(',')[6])).size).toBe(many);
    // Anonymous rows name no one: the call's own row is the only one.
    const audit = await auditedBy(t, 'rating', 1, () =>
      call('GET', '/export?from=2018-01-01&to=2018-12-31', 'admin'),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'read',
      outcome: 'success',
      patient_id: null,
      patient_ids: null,
    });
  });
});

/**
 * Two servers on one PostgreSQL database, each with its own connections, rating one visit at the same moment
 * (PGlite has one connection, so there the calls only take turns): exactly one rating, one point.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('simultaneous ratings on two servers', () => {
  it('four calls on two servers rate each visit exactly once and award one point', async () => {
    const second = await openDatabase({ url: t.database.url, poolSize: 5 });
    const other = await buildApp({ config: t.config, db: second.db });
    await other.ready();
    try {
      const onOther = (method: 'POST' | 'PUT', url: string, payload: Json) =>
        other.inject({
          method,
          url: `/api/ratings${url}`,
          headers: { authorization: `Bearer ${tokens.patient}` },
          payload,
        });
      for (let round = 0; round < 10; round++) {
        const appointmentId = await visit(emily, { date: '2026-04-06' });
        const rowId = (await ratingRowOf(appointmentId)).id;
        const points = await pointsOf(emily);
        const reason = `race ${round}`;
        const results = await Promise.all([
          call('POST', '/add', 'patient', scores({ appointmentId, reason })),
          onOther('PUT', `/update/appointment/${appointmentId}`, scores({ anonymous: true, reason })),
          call('PUT', `/update/${rowId}`, 'patient', scores({ anoymonous: true, reason })),
          onOther('POST', '/add', scores({ appointmentId, reason })),
        ]);
        const codes = results.map((r) => r.statusCode);
        expect(
          codes.filter((c) => c === 409),
          results.map((r) => r.body).join(' | '),
        ).toHaveLength(3);
        expect(codes.filter((c) => c === 200 || c === 201)).toHaveLength(1);
        expect(await pointsOf(emily)).toBe(points + POINTS_PER_RATING);
        expect(await ratingLedgerRows(appointmentId)).toHaveLength(1);
        const written = await t.database.db
          .selectFrom('ratings')
          .select('id')
          .where('reason', '=', reason)
          .execute();
        expect(written).toHaveLength(1);
      }
    } finally {
      await other.close();
      await second.close();
    }
  });
});
