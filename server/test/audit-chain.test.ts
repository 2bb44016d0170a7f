import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { archiveAuditLog, sealAuditLog, verifyAuditChain } from '../src/platform/audit-chain';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 12, item 4: the audit log is append-only in the database and tamper-evident (a hash chain that
 * `npm run audit:verify` walks); archival is its own path (migration 0008, docs/decisions/0032).
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A few audited calls, so that the log has rows of several kinds. */
async function someActivity() {
  const admin = await t.login('admin');
  const patientId = await t.patientIdOf('patient');
  await t.call({ method: 'GET', url: `/api/patientinfo/${patientId}`, token: admin });
  await t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'admin', password: 'wrong-one' },
  });
}

const newestId = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  );

/** Runs a statement with the table's guard switched off, as only the table's owner could: the tampering. */
async function tamper(statement: string) {
  await t.database.exec(`begin;
alter table audit_log disable trigger audit_log_append_only;
${statement};
alter table audit_log enable trigger audit_log_append_only;
commit;`);
}

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit rows', async () => {
    await someActivity();
    const id = await newestId();
    for (const statement of [
      `update audit_log set actor_username = 'someone-else' where id = ${id}`,
      `delete from audit_log where id = ${id}`,
      'truncate audit_log',
    ]) {
      await expect(t.database.exec(statement)).rejects.toThrow(/append-only/);
    }
    const row = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.id).toBe(id);
  });

  it('a sealed row cannot be sealed again, nor its seal changed', async () => {
    await sealAll(t.database.db);
    const id = await newestId();
    await expect(
      t.database.exec(`begin;
select set_config('clinic.audit_sealing', 'on', true);
update audit_log set row_hash = sha256('x'::bytea) where id = ${id};
commit;`),
    ).rejects.toThrow(/append-only/);
  });
});

describe('the hash chain', () => {
  it('chains every committed row and verifies intact', async () => {
    await someActivity();
    await sealAll(t.database.db);
    const report = await verifyAuditChain(t.database.db);
    expect(report).toMatchObject({ intact: true, unsealed: 0 });
    const total = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(report.rows).toBe(Number(total.n));
  });

  it('names the first row whose content was changed behind the guard', async () => {
    await someActivity();
    await sealAll(t.database.db);
    const victim = await t.database.db
      .selectFrom('audit_log')
      .select(['id', 'seq'])
      .where('action', '=', 'read')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await tamper(`update audit_log set patient_id = null where id = ${victim.id}`);
    const report = await verifyAuditChain(t.database.db);
    expect(report).toMatchObject({ intact: false, id: victim.id, seq: Number(victim.seq) });
    // Put it back, so that the next test starts from an intact chain.
    await tamper(
      `update audit_log set patient_id = (select patient_id from users where username = 'patient') where id = ${victim.id}`,
    );
    expect((await verifyAuditChain(t.database.db)).intact).toBe(true);
  });

  it('notices a row taken out of the middle', async () => {
    await someActivity();
    await someActivity();
    await sealAll(t.database.db);
    const rows = await t.database.db.selectFrom('audit_log').select(['id', 'seq']).orderBy('seq').execute();
    const middle = rows[Math.floor(rows.length / 2)];
    if (!middle) throw new Error('no rows');
    await tamper(`delete from audit_log where id = ${middle.id}`);
    const report = await verifyAuditChain(t.database.db);
    expect(report).toMatchObject({ intact: false, seq: Number(middle.seq) });
    expect(report.intact === false && report.reason).toMatch(/missing/);
  });
});

describe('a backlog', () => {
  let backlogApp: TestApp;
  beforeAll(async () => {
    backlogApp = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await backlogApp?.close();
  });

  it('seals more than a batch of rows from several months in id order, each in its own month', async () => {
    const db = backlogApp.database.db;
    // 2,500 rows (the sealer takes 1,000 at a time), alternating between this month and one two years ago (a
    // month with no partition of its own: the default partition holds it).
    await backlogApp.database.exec(`insert into audit_log (at, action, resource, outcome, resource_id)
      select case when n % 2 = 0 then now() else now() - interval '2 years' end, 'read', 'patient', 'success', n::text
        from generate_series(1, 2500) n`);
    // Polled: the sealing horizon is the whole server's, and on a shared PostgreSQL another database's open
    // transaction can hold it back for a moment (sealAll).
    await sealAll(db);
    expect(await verifyAuditChain(db)).toMatchObject({ intact: true, unsealed: 0, rows: 2500 });
    const rows = await db.selectFrom('audit_log').select(['id', 'seq']).orderBy('id').execute();
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
  });
});

describe('archival', () => {
  let archiveApp: TestApp;
  beforeAll(async () => {
    archiveApp = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await archiveApp?.close();
  });

  it('refuses a cutoff younger than six years, and moves older sealed rows with the chain intact', async () => {
    const db = archiveApp.database.db;
    const years = (n: number) => new Date(Date.now() - n * 365.25 * 24 * 3600 * 1000);
    await db
      .insertInto('audit_log')
      .values(
        [8, 7.5, 7, 1, 0].map((age) => ({
          at: years(age),
          action: 'read',
          resource: 'patient',
          outcome: 'success',
        })),
      )
      .execute();
    await sealAll(db);
    await expect(archiveAuditLog(db, years(2))).rejects.toThrow(/kept 6 years/);

    expect(await archiveAuditLog(db, years(6.5))).toBe(3);
    expect((await db.selectFrom('audit_log').select('id').execute()).length).toBe(2);
    expect((await db.selectFrom('audit_log_archive').select('id').execute()).length).toBe(3);
    expect(await verifyAuditChain(db)).toMatchObject({ intact: true, rows: 5 });

    // New rows continue the chain after archival.
    await db
      .insertInto('audit_log')
      .values({ action: 'read', resource: 'patient', outcome: 'success' })
      .execute();
    await sealAll(db);
    expect(await verifyAuditChain(db)).toMatchObject({ intact: true, rows: 6 });

    // The archive is append-only too.
    await expect(archiveApp.database.exec('delete from audit_log_archive')).rejects.toThrow(/append-only/);
    await expect(archiveApp.database.exec("update audit_log_archive set resource = 'x'")).rejects.toThrow(
      /append-only/,
    );
  });
});

describe.runIf(onServer)('sealing with transactions in flight (PostgreSQL)', () => {
  // Its own database: the tests above leave their chain broken on purpose.
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await own?.close();
  });
  const insertRow = (resourceId: string) =>
    own.database.db
      .insertInto('audit_log')
      .values({ action: 'read', resource: 'patient', outcome: 'success', resource_id: resourceId })
      .execute();
  it('leaves a row of an unfinished transaction unsealed until it commits, and the chain stays whole', async () => {
    const other = new pg.Client({ connectionString: own.database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(
        "insert into audit_log (action, resource, outcome, resource_id) values ('read', 'patient', 'success', 'in-flight')",
      );
      // A row committed meanwhile by the app's own pool.
      await insertRow('committed');
      // Sealing now must not skip the row still in flight (invisible here until it commits) ...
      await sealAuditLog(own.database.db);
      expect(await verifyAuditChain(own.database.db)).toMatchObject({ intact: true });
      // ... which, once committed, takes its place at the end of the chain.
      await other.query('commit');
      await sealAll(own.database.db);
      const inFlight = await own.database.db
        .selectFrom('audit_log')
        .select('seq')
        .where('resource_id', '=', 'in-flight')
        .executeTakeFirstOrThrow();
      expect(inFlight.seq).not.toBeNull();
      expect(await verifyAuditChain(own.database.db)).toMatchObject({ intact: true, unsealed: 0, rows: 2 });
    } finally {
      await other.end();
    }
  });

  it('two sealers at once give every row exactly one place in the chain', async () => {
    const second = new pg.Client({ connectionString: own.database.url });
    await second.connect();
    try {
      await Promise.all(Array.from({ length: 20 }, (_, i) => insertRow(`burst-${i}`)));
      await Promise.all([sealAuditLog(own.database.db), second.query('select audit_log_seal(1000)')]);
      await sealAll(own.database.db);
      expect(await verifyAuditChain(own.database.db)).toMatchObject({ intact: true, unsealed: 0, rows: 22 });
    } finally {
      await second.end();
    }
  });
});

describe('the audit list and its CSV (ADMIN)', () => {
  let list: TestApp;
  let admin: string;
  beforeAll(async () => {
    list = await createTestApp({ seed: false });
    const rows = [
      {
        action: 'read' as const,
        actor_username: 'Frontdesk',
        patient_id: 7,
        at: new Date('2026-03-01T10:00:00Z'),
      },
      {
        action: 'read' as const,
        actor_username: 'doctor',
        patient_ids: [7, 8, 9],
        at: new Date('2026-03-02T10:00:00Z'),
      },
      {
        action: 'update' as const,
        actor_username: 'frontdesk',
        patient_id: 8,
        at: new Date('2026-03-03T10:00:00Z'),
      },
      { action: 'login' as const, actor_username: '=cmd|calc', at: new Date('2026-03-04T10:00:00Z') },
    ];
    await list.database.db
      .insertInto('audit_log')
      .values(rows.map((r) => ({ resource: 'patient', outcome: 'success' as const, ...r })))
      .execute();
    await seedAdmin(list);
    admin = await list.login('root-admin', 'root-admin-pass');
  });
  afterAll(async () => {
    await list?.close();
  });

  const get = (url: string, token = admin) => list.call({ method: 'GET', url, token });
  const actorsOf = (res: { json(): unknown }) =>
    (res.json() as { actorUsername: string | null; action: string }[])
      .filter((r) => r.action !== 'login' || r.actorUsername !== 'root-admin')
      .map((r) => r.actorUsername);

  it('filters by patient (alone or in a bulk read), actor in any case, action and days', async () => {
    expect(actorsOf(await get('/api/audit?patientId=7'))).toEqual(['doctor', 'Frontdesk']);
    expect(actorsOf(await get('/api/audit?actor=FRONTDESK'))).toEqual(['frontdesk', 'Frontdesk']);
    expect(actorsOf(await get('/api/audit?action=update'))).toEqual(['frontdesk']);
    expect(actorsOf(await get('/api/audit?from=2026-03-02&to=2026-03-03'))).toEqual(['frontdesk', 'doctor']);
    const bulk = (await get('/api/audit?patientId=9')).json();
    expect(bulk[0]).toMatchObject({ patientId: null, patientIds: [7, 8, 9] });
  });

  it('pages by key with a Link that keeps the filters', async () => {
    const first = await get('/api/audit?actor=frontdesk&limit=1');
    expect(first.json()).toHaveLength(1);
    const link = String(first.headers.link);
    expect(link).toContain('actor=frontdesk');
    const next = link.match(/<([^>]+)>/)?.[1];
    expect(next).toBeDefined();
    const second = await get(String(next));
    expect(actorsOf(second)).toEqual(['Frontdesk']);
  });

  it('refuses bad filters with a 400 and anyone but ADMIN with a 403', async () => {
    expect((await get('/api/audit?from=2026-02-30')).statusCode).toBe(400);
    expect((await get('/api/audit?action=drop')).statusCode).toBe(400);
    expect((await get('/api/audit/export?from=2026-03-05&to=2026-03-01')).statusCode).toBe(400);
    expect((await list.call({ method: 'GET', url: '/api/audit/export' })).statusCode).toBe(401);
  });

  it('exports the filtered rows as CSV, formulas neutralised', async () => {
    const res = await get('/api/audit/export?from=2026-03-01&to=2026-03-04');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Actor,Role,Action,Resource,Record,Patient,Outcome,Address,Request');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain("'=cmd|calc");
    expect(lines.find((l) => l.includes('doctor'))).toContain(',7 8 9,');
  });
});

/**
 * Seals until no row is left unsealed. The sealing horizon is the whole server's: on a shared PostgreSQL
 * server another database's open transaction holds it back for a moment, so this polls for the condition
 * rather than expecting one call to seal everything.
 */
async function sealAll(db: Kysely<DB>): Promise<void> {
  await expect
    .poll(
      async () => {
        await sealAuditLog(db);
        const left = await db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('seq', 'is', null)
          .executeTakeFirstOrThrow();
        return Number(left.n);
      },
      { timeout: 30_000 },
    )
    .toBe(0);
}

/** An ADMIN account on a database without the demo seed. */
async function seedAdmin(app: TestApp) {
  const { hashPassword } = await import('../src/platform/auth/passwords');
  await app.database.db
    .insertInto('users')
    .values({ username: 'root-admin', password_hash: await hashPassword('root-admin-pass'), role: 'ADMIN' })
    .execute();
}
