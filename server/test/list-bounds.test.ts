import { APPOINTMENT_PAGE_DEFAULT, APPOINTMENT_PAGE_MAX } from '@clinic/contract/appointments';
import { PATIENT_LIST_PAGE_DEFAULT } from '@clinic/contract/patients';
import type { LightMyRequestResponse } from 'fastify';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBoundOf, registerListBounds } from '../src/platform/list-bounds';
import { type ApiDocument, type DocumentSchema, resolveSchema } from './openapi-document';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 13: every list is bounded. A route that answers an array declares its bound (a `limit` with a maximum,
 * or a `maxItems`), the server refuses to start a route that does not, and the lists that can grow without end
 * (every appointment of the network, every patient, every preference) answer a page at a time with the next
 * page in a `Link` header.
 */
let t: TestApp;
let admin: string;
let patient: string;
let patientId: number;

/** Appointments added to the demo's: more than the largest page. */
const EXTRA_VISITS = APPOINTMENT_PAGE_MAX + 150;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  patient = await t.login('patient');
  patientId = await t.patientIdOf('patient');
  const doctor = await t.database.db
    .selectFrom('doctors')
    .select(['id', 'office_id'])
    .where('is_placeholder', '=', false)
    .where('office_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // One visit a day for years before the demo's: distinct instants for the patient and the doctor.
  await t.database.db
    .insertInto('appointments')
    .values(
      Array.from({ length: EXTRA_VISITS }, (_, i) => {
        const day = new Date(Date.UTC(2015, 0, 1) + i * 86_400_000);
        const date = day.toISOString().slice(0, 10);
        return {
          office_id: doctor.office_id as number,
          doctor_id: doctor.id,
          patient_id: patientId,
          appointment_date: date,
          appointment_time: '10:00',
          starts_at: new Date(`${date}T15:00:00Z`),
          type_visit: 'eval',
          status: 'Completed' as const,
          completed_at: new Date(`${date}T16:00:00Z`),
          doctor_exclusive: false,
        };
      }),
    )
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token });

/** The next page's address from a `Link: <…>; rel="next"` header, or null on the last page. */
function nextOf(res: LightMyRequestResponse): string | null {
  const link = res.headers.link as string | undefined;
  if (!link) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(match, link).not.toBeNull();
  return `/api${match![1]!.replace(/^\/api/, '')}`;
}

/** Every page of a list from `url`, each checked to hold at most `most` items; the items in order. */
async function walk(url: string, most: number, token = admin): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let next: string | null = url;
  for (let pages = 0; next !== null; pages++) {
    expect(pages, 'pages walked').toBeLessThan(200);
    const res = await get(next, token);
    expect(res.statusCode, `${next}: ${res.body.slice(0, 200)}`).toBe(200);
    const page = res.json() as Record<string, unknown>[];
    expect(page.length).toBeLessThanOrEqual(most);
    items.push(...page);
    next = nextOf(res);
    if (next !== null) expect(page.length, 'a page before the last is full').toBe(most);
  }
  return items;
}

describe('the bound of a list route', () => {
  it('is its limit’s maximum or its answer’s maxItems; an answer without either has none', () => {
    const item = Type.Object({ id: Type.Integer() });
    expect(listBoundOf({ response: { 200: item } })).toBeNull();
    expect(listBoundOf({ response: { 200: Type.Array(item) } })).toBeUndefined();
    expect(listBoundOf({ response: { 200: Type.Array(item, { maxItems: 7 }) } })).toBe(7);
    expect(
      listBoundOf({
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ maximum: 30 })) }),
        response: { 200: Type.Array(item) },
      }),
    ).toBe(30);
    expect(listBoundOf({ response: { 200: Type.Union([Type.Array(item), item]) } })).toBeUndefined();
  });

  it('a list route without a bound does not start, and one that answers more than its bound fails', async () => {
    const unbounded = Fastify();
    registerListBounds(unbounded, { strict: true });
    expect(() =>
      unbounded.get('/all', { schema: { response: { 200: Type.Array(Type.String()) } } }, async () => []),
    ).toThrow(/answers a list with no bound/);
    await unbounded.close();

    const overfull = Fastify({ logger: false });
    registerListBounds(overfull, { strict: true });
    overfull.get(
      '/two',
      { schema: { response: { 200: Type.Array(Type.String(), { maxItems: 2 }) } } },
      async () => ['a', 'b', 'c'],
    );
    const res = await overfull.inject({ method: 'GET', url: '/two' });
    expect(res.statusCode).toBe(500);
    await overfull.close();
  });

  it('every list operation of the API document declares its bound', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/openapi.json' })).json() as ApiDocument;
    const lists: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations as Record<string, OpenApiOperation>)) {
        const schema = resolveSchema(
          doc,
          operation.responses?.['200']?.content?.['application/json']?.schema,
        );
        const arrays =
          schema?.type === 'array'
            ? [schema]
            : (schema?.anyOf ?? []).map((s) => resolveSchema(doc, s)).filter((s) => s?.type === 'array');
        if (arrays.length === 0) continue;
        lists.push(`${method} ${path}`);
        const limit = operation.parameters?.find((p) => p.in === 'query' && p.name === 'limit');
        const bounded =
          typeof limit?.schema?.maximum === 'number' || arrays.every((a) => typeof a?.maxItems === 'number');
        expect(bounded, `${method.toUpperCase()} ${path}`).toBe(true);
      }
    }
    expect(lists.length).toBeGreaterThan(40);
  });
});

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: DocumentSchema }[];
  responses?: Record<string, { content?: Record<string, { schema?: DocumentSchema }> }>;
}

describe('appointment lists answer a page at a time, in start order', () => {
  it('GET /appointments/all: the default page, the largest, one more is refused, and the walk finds each once', async () => {
    const first = await get('/api/appointments/all');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(APPOINTMENT_PAGE_DEFAULT);
    expect(nextOf(first)).toMatch(
      new RegExp(`^/api/appointments/all\\?limit=${APPOINTMENT_PAGE_DEFAULT}&cursor=`),
    );

    const largest = await get(`/api/appointments/all?limit=${APPOINTMENT_PAGE_MAX}`);
    expect(largest.json()).toHaveLength(APPOINTMENT_PAGE_MAX);
    const tooMany = await get(`/api/appointments/all?limit=${APPOINTMENT_PAGE_MAX + 1}`);
    expect(tooMany.statusCode).toBe(400);

    const total = await t.database.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const items = await walk(`/api/appointments/all?limit=${APPOINTMENT_PAGE_MAX}`, APPOINTMENT_PAGE_MAX);
    expect(items).toHaveLength(Number(total.n));
    expect(new Set(items.map((a) => a.appoinmentId)).size).toBe(items.length);
    const starts = items.map((a) => a.startsAt as string);
    expect([...starts].sort()).toEqual(starts);
  });

  it('the filters travel with the cursor: one patient’s visits, an office’s, a doctor’s', async () => {
    const mine = await walk(`/api/appointments/all?patientId=${patientId}&limit=200`, 200);
    expect(mine.length).toBeGreaterThanOrEqual(EXTRA_VISITS);
    expect(mine.every((a) => a.patientId === patientId)).toBe(true);

    // A patient gets only their own, a page at a time, whatever they ask for.
    const own = await walk('/api/appointments/all?limit=300', 300, patient);
    expect(own.map((a) => a.appoinmentId)).toEqual(mine.map((a) => a.appoinmentId));

    const officeId = mine[0]!.officeId as number;
    const office = await walk(`/api/appointments/office/${officeId}?limit=250`, 250);
    expect(office.every((a) => a.officeId === officeId)).toBe(true);
    expect(office.length).toBeGreaterThanOrEqual(EXTRA_VISITS);
  });

  it('a cursor that is not one of ours is a 400 with a message', async () => {
    const res = await get('/api/appointments/all?cursor=bm90LWEta2V5');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cursor/);
  });
});

describe('lists across the network page by key', () => {
  it('GET /patientinfo/all without a page: patients by name, a page at a time, each once', async () => {
    const first = await get('/api/patientinfo/all');
    expect(first.statusCode).toBe(200);
    const total = await t.database.db
      .selectFrom('patients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((first.json() as unknown[]).length).toBe(Math.min(Number(total.n), PATIENT_LIST_PAGE_DEFAULT));
    const items = await walk('/api/patientinfo/all?limit=2', 2);
    expect(items).toHaveLength(Number(total.n));
    expect(new Set(items.map((p) => p.patientId)).size).toBe(items.length);
    const names = items.map(
      (p) => `${String(p.lastName).toLowerCase()} ${String(p.firstName).toLowerCase()}`,
    );
    expect([...names].sort()).toEqual(names);
    expect((await get('/api/patientinfo/all?limit=201')).statusCode).toBe(400);
  });

  it.each([
    ['every patient’s preferences', '/api/patient-permissions/getall', 'patientId', 500],
    ['the staff accounts', '/api/auth/accounts', 'username', 200],
    ['every procedure and diagnosis code', '/api/procedures/getAll', 'code', 500],
    ['every office’s hours', '/api/office-hours/all', 'id', 500],
  ])('%s', async (_name, path, key, most) => {
    const whole = await walk(`${path}?limit=${most}`, most);
    expect(whole.length).toBeGreaterThan(2);
    const paged = await walk(`${path}?limit=2`, 2);
    expect(paged.map((item) => item[key])).toEqual(whole.map((item) => item[key]));
    expect((await get(`${path}?limit=100000`)).statusCode).toBe(400);
  });
});
