import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientIdsIn } from '../src/platform/audit';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 12, item 3: a bulk read's audit row names every patient whose data it returned (audit_log.patient_ids),
 * read off the answer for every list route at once.
 */
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login('frontdesk');
});
afterAll(async () => {
  await t?.close();
});

/** The patient ids in an answer's items, whatever the spelling of the key. */
function idsInBody(body: unknown): number[] {
  // A numbered page ({ items, total, page, size }) names the patients of its items.
  const items = Array.isArray(body) ? body : (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  const ids = new Set<number>();
  for (const item of items as Record<string, unknown>[]) {
    for (const key of ['patientId', 'patientID', 'patient_id']) {
      if (typeof item[key] === 'number') ids.add(item[key] as number);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

const lastRowOf = (requestId: string) =>
  t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow();

describe('bulk reads name their patients', () => {
  it.each([
    ['the patient list', '/api/patientinfo/all?limit=20'],
    ['a page of All Patients', '/api/patientinfo/all?page=1&size=5'],
    ['All Patients filtered', '/api/patientinfo/all?page=1&size=5&q=mail.example'],
    ['a patient search', '/api/patientinfo/search/all'],
    ['every appointment', '/api/appointments/all'],
    ['an office’s appointments', '/api/appointments/office/1'],
    ['the preferences list', '/api/patient-permissions/getall'],
  ])('%s', async (_name, url) => {
    const res = await t.call({ method: 'GET', url, token: staff });
    expect(res.statusCode).toBe(200);
    const expected = idsInBody(res.json());
    expect(expected.length).toBeGreaterThan(1);
    const requestId = String(res.headers['x-request-id'] ?? '');
    const row = requestId
      ? await lastRowOf(requestId)
      : await t.database.db
          .selectFrom('audit_log')
          .selectAll()
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
    expect(row.patient_id).toBeNull();
    expect([...(row.patient_ids ?? [])].sort((a, b) => a - b)).toEqual(expected);
  });
});

describe('patientIdsIn', () => {
  it('reads ids of an array answer once each, under any spelling, and nothing else', () => {
    expect(
      patientIdsIn(JSON.stringify([{ patientId: 3 }, { patientID: 4 }, { patient_id: 3 }, { id: 9 }])),
    ).toEqual([3, 4]);
    expect(patientIdsIn(JSON.stringify({ patientId: 3 }))).toBeNull();
    expect(
      patientIdsIn(JSON.stringify([{ patientId: null }, { patientId: '5' }, { patientId: -1 }])),
    ).toBeNull();
    expect(patientIdsIn('[not json')).toBeNull();
    expect(patientIdsIn(undefined)).toBeNull();
    // The answer's objects before serialisation read the same as their JSON.
    expect(patientIdsIn([{ patientId: 3 }, { patientID: 4 }, { patient_id: 3 }, { id: 9 }])).toEqual([3, 4]);
    expect(patientIdsIn({ patientId: 3 })).toBeNull();
  });
});
