import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditText } from '../src/platform/audit';
import { auditedBy } from './audit-rows';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 28, item 11 (docs/decisions/0057): every call of a patient route leaves its audit row, the refused ones
 * too, with what the caller sent made storable (a NUL character cannot be stored in PostgreSQL text, so
 * `GET /api/patientinfo/%00` left none); and an answer whose row cannot be written is not sent.
 */
let t: TestApp;
let frontdesk: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  frontdesk = await t.login('frontdesk');
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = frontdesk) => t.call({ method: 'GET', url, token });

describe('a value the caller sent, as a row keeps it', () => {
  it('escapes what PostgreSQL text cannot hold or a reader could be misled by, and nothing else', () => {
    expect(auditText('12')).toBe('12');
    expect(auditText('\u0000')).toBe('\\u0000');
    expect(auditText('1\u0000')).toBe('1\\u0000');
    expect(auditText('a\nb\u001b[31m\u007f')).toBe('a\\u000ab\\u001b[31m\\u007f');
    // A typed backslash cannot pass for an escape.
    expect(auditText('\\u0000')).toBe('\\\\u0000');
    expect(auditText('x\ud800y\udc00')).toBe('x\\ud800y\\udc00');
    expect(auditText('Zoë 😀')).toBe('Zoë 😀');
  });

  it('cuts a long value, marking the cut, never inside an escape or a character', () => {
    expect(auditText('9'.repeat(200))).toBe('9'.repeat(200));
    expect(auditText('9'.repeat(201))).toBe(`${'9'.repeat(199)}…`);
    expect(auditText('\u0000'.repeat(50), 20)).toBe(`${'\\u0000'.repeat(3)}…`);
    expect(auditText(`${'a'.repeat(18)}😀😀`, 20)).toBe(`${'a'.repeat(18)}…`);
  });
});

describe('a refused call of a patient route is recorded', () => {
  it('GET /api/patientinfo/%00 as staff: refused with the 400, and a row naming what was asked, escaped', async () => {
    const rows = await auditedBy(t, 'patient', 2, async () => {
      expect((await get('/api/patientinfo/%00')).statusCode).toBe(400);
      expect((await get('/api/patientinfo/1%00')).statusCode).toBe(400);
    });
    expect(rows.map((r) => [r.action, r.resource_id, r.outcome, r.actor_username, r.patient_id])).toEqual([
      ['read', '\\u0000', 'refused', 'frontdesk', null],
      ['read', '1\\u0000', 'refused', 'frontdesk', null],
    ]);
  });

  it('as the refusal of any other bad value is (which was recorded as an error of the server)', async () => {
    const rows = await auditedBy(t, 'patient', 1, () => get('/api/patientinfo/abc'));
    expect(rows.map((r) => [r.resource_id, r.outcome])).toEqual([['abc', 'refused']]);
  });

  it('a path parameter by another name is kept too', async () => {
    const rows = await auditedBy(t, 'patient', 1, async () => {
      expect((await get('/api/patientinfo/by-username/%00pat%0Aient')).statusCode).toBe(400);
    });
    expect(rows.map((r) => [r.resource_id, r.outcome])).toEqual([['\\u0000pat\\u000aient', 'refused']]);
    const banks = await auditedBy(t, 'points-bank', 1, async () => {
      expect((await get(`/api/points-bank/${'9'.repeat(90)}%00`)).statusCode).toBe(400);
    });
    expect(banks.map((r) => [r.resource_id, r.outcome])).toEqual([[`${'9'.repeat(90)}\\u0000`, 'refused']]);
  });

  it("a path that does not decode, or a long one, reaches the route: refused in the app's words, and recorded", async () => {
    const long = '7'.repeat(300);
    const rows = await auditedBy(t, 'patient', 3, async () => {
      for (const url of ['/api/patientinfo/%ZZ', '/api/patientinfo/%E0%A4%A', `/api/patientinfo/${long}`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error, url).toBe('validation_failed');
      }
    });
    expect(rows.map((r) => [r.resource_id, r.outcome, r.actor_username])).toEqual([
      ['%ZZ', 'refused', 'frontdesk'],
      ['%E0%A4%A', 'refused', 'frontdesk'],
      [`${'7'.repeat(199)}…`, 'refused', 'frontdesk'],
    ]);
  });

  it('a NUL in the query of a search is refused and recorded, the search terms are not kept', async () => {
    const rows = await auditedBy(t, 'patient', 1, async () => {
      expect((await get('/api/patientinfo/search?firstName=Em%00ily')).statusCode).toBe(400);
    });
    expect(rows.map((r) => [r.action, r.resource_id, r.outcome])).toEqual([['search', null, 'refused']]);
  });
});

/** Makes every audit row of a read of `resource` fail to be written, as a full disk or a lost connection would. */
async function breakAuditOfReads(resource: string) {
  await t.database.exec(`create function refuse_audit_read() returns trigger language plpgsql as $$
begin
  raise exception 'the audit store is unavailable';
end $$;
create trigger refuse_audit_read before insert on audit_log
  for each row when (new.action in ('read', 'search') and new.resource = '${resource}')
  execute function refuse_audit_read();`);
}
const repairAudit = () =>
  t.database.exec('drop trigger refuse_audit_read on audit_log; drop function refuse_audit_read();');

async function withBrokenAudit<T>(resource: string, calls: () => Promise<T>): Promise<T> {
  await breakAuditOfReads(resource);
  try {
    return await calls();
  } finally {
    await repairAudit();
  }
}

const GENERIC = /^Something went wrong on our side\. Please try again\. \(reference [^)]+\)$/;

describe('fail closed: no patient data leaves without its audit row', () => {
  it("a patient's record: the answer is the generic 500, without the record", async () => {
    const id = await t.patientIdOf('patient');
    const patient = await t.database.db
      .selectFrom('patients')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const read = () => get(`/api/patientinfo/${id}`);
    expect((await read()).body).toContain(patient.email);

    const res = await withBrokenAudit('patient', read);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'internal_error', message: expect.stringMatching(GENERIC) });
    for (const value of [patient.first_name, patient.last_name, patient.email]) {
      expect(res.body).not.toContain(value);
    }
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');

    // Once rows can be written again, so is the answer.
    expect((await read()).statusCode).toBe(200);
  });

  it('a list: neither its items nor the next page (its Link) nor its count go out', async () => {
    const list = () => get('/api/patientinfo/all?limit=2');
    const whole = await list();
    expect(whole.headers.link).toBeDefined();
    const names = (whole.json() as { lastName: string }[]).map((p) => p.lastName);
    expect(names).toHaveLength(2);

    const res = await withBrokenAudit('patient', list);
    expect(res.statusCode).toBe(500);
    expect(res.headers.link).toBeUndefined();
    for (const name of names) expect(res.body).not.toContain(name);

    const paged = await withBrokenAudit('patient', () => get('/api/patientinfo/all?page=1&size=2'));
    expect(paged.statusCode).toBe(500);
    expect(paged.body).not.toContain('"total"');
  });

  it('a streamed export is stopped before its first byte', async () => {
    const res = await withBrokenAudit('rating', () => get('/api/ratings/export', admin));
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toEqual({ error: 'internal_error', message: expect.stringMatching(GENERIC) });
  });

  it("a refusal still goes out when its row cannot be written: it carries no one's data", async () => {
    const res = await withBrokenAudit('patient', () => get('/api/patientinfo/abc'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_failed');
  });
});
