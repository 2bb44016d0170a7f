import { canAny } from '@clinic/contract/permissions';
import type { Role } from '@clinic/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf, type RouteAccessEntry } from '../src/platform/access';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 12: the role x route matrix, generated from the permission table (contract/src/permissions.ts) and the
 * OpenAPI document. Every operation is called as anonymous, a patient, another patient, a doctor, the front desk,
 * a manager and an admin:
 * - a caller the table does not allow must be refused (401 signed out, 403 signed in), whatever the call carries;
 * - a caller it allows must get past authentication and the permission check (reads only: an allowed change would
 *   change the data the rest of the matrix reads; each module's tests cover its changes);
 * - another patient must never get a patient's records back from a route of their own records.
 * Refusals happen before any handler runs, so the matrix changes nothing.
 */
type Caller = { name: string; role: Role | null; username?: string };

const CALLERS: readonly Caller[] = [
  { name: 'anonymous', role: null },
  { name: 'patient', role: 'PATIENT', username: 'patient' },
  { name: 'another patient', role: 'PATIENT', username: 'patient2' },
  { name: 'doctor', role: 'DOCTOR', username: 'doctor' },
  { name: 'front desk', role: 'FRONTDESK', username: 'frontdesk' },
  { name: 'manager', role: 'MANAGER', username: 'manager' },
  { name: 'admin', role: 'ADMIN', username: 'admin' },
];

interface Operation {
  method: string;
  path: string;
  access: RouteAccessEntry['access'];
}

let t: TestApp;
let operations: Operation[];
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const caller of CALLERS) if (caller.username) tokens.set(caller.name, await t.login(caller.username));
  const doc = (await t.call({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const accessOf = new Map(
    t.app.routeAccessTable.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.access]),
  );
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({
      method: method.toUpperCase(),
      path,
      access: accessOf.get(`${method.toUpperCase()} ${path}`),
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

function allows(access: RouteAccessEntry['access'], role: Role | null): boolean {
  if (access === 'public') return true;
  if (role === null || access === undefined) return false;
  if (access === 'authenticated') return true;
  return canAny(role, permissionsOf(access));
}

const urlOf = (path: string, id: string) => path.replace(/\{[^}]+\}/g, id);

describe('role x route matrix', () => {
  it('every operation of the OpenAPI document is in the permission table', () => {
    expect(operations.length).toBeGreaterThan(100);
    const missing = operations.filter((op) => op.access === undefined).map((op) => `${op.method} ${op.path}`);
    expect(missing).toEqual([]);
  });

  it('answers each caller as the table says', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      for (const caller of CALLERS) {
        const allowed = allows(op.access, caller.role);
        // An allowed change is not made here (see above); an allowed read is.
        if (allowed && op.method !== 'GET') continue;
        const res = await t.call({
          method: op.method as 'GET',
          url: urlOf(op.path, '1'),
          token: tokens.get(caller.name),
          ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
        });
        const expected = allowed ? 'not 401/403' : caller.role === null ? '401' : '403';
        const ok = allowed
          ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
          : res.statusCode === (caller.role === null ? 401 : 403);
        if (!ok)
          wrong.push(
            `${op.method} ${op.path} as ${caller.name}: expected ${expected}, got ${res.statusCode}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it("another patient never gets a patient's records from the routes of their own records", async () => {
    const owner = await t.patientIdOf('patient');
    const ownerRecordIds = await recordIdsOf(owner);
    const leaks: string[] = [];
    const ownReads = operations.filter(
      (op) =>
        op.method === 'GET' &&
        op.path.includes('{') &&
        op.access !== 'public' &&
        op.access !== undefined &&
        op.access !== 'authenticated' &&
        permissionsOf(op.access).some((p) => p.endsWith(':own')) &&
        allows(op.access, 'PATIENT'),
    );
    expect(ownReads.length).toBeGreaterThan(5);
    for (const op of ownReads) {
      for (const id of new Set([owner, ...ownerRecordIds])) {
        const res = await t.call({
          method: 'GET',
          url: urlOf(op.path, String(id)),
          token: tokens.get('another patient'),
        });
        if (res.statusCode === 200 && namesPatient(res.body, owner)) {
          leaks.push(`${op.path} with ${id}: ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});

/** Whether an answer carries data of the patient (their id under any spelling of the key). */
function namesPatient(body: string, patientId: number): boolean {
  return new RegExp(`"patient_?id"\\s*:\\s*"?${patientId}"?[,}]`, 'i').test(body);
}

/** Ids of the owner's own records of several kinds (appointments, preferences, points bank, insurance). */
async function recordIdsOf(patientId: number): Promise<number[]> {
  const db = t.database.db;
  const ids = await Promise.all([
    db.selectFrom('appointments').select('id').where('patient_id', '=', patientId).limit(3).execute(),
    db.selectFrom('patient_permissions').select('id').where('patient_id', '=', patientId).execute(),
    db.selectFrom('points_banks').select('id').where('patient_id', '=', patientId).execute(),
    db.selectFrom('patient_insurances').select('id').where('patient_id', '=', patientId).limit(3).execute(),
  ]);
  return ids.flat().map((r) => r.id);
}
