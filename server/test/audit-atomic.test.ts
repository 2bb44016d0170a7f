import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuditHook } from '../src/platform/audit';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 12, item 2: an audited change commits its audit row in its own transaction, so a change is never
 * stored without its row (a crash or a failing audit store between the two used to leave one behind).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Makes every audit row of an update fail to be written, as a full disk or a lost connection would. */
async function breakAuditOfUpdates() {
  await t.database.exec(`create function refuse_audit_update() returns trigger language plpgsql as $$
begin
  raise exception 'the audit store is unavailable';
end $$;
create trigger refuse_audit_update before insert on audit_log
  for each row when (new.action = 'update') execute function refuse_audit_update();`);
}
const repairAudit = () =>
  t.database.exec('drop trigger refuse_audit_update on audit_log; drop function refuse_audit_update();');

describe('a change and its audit row commit together', () => {
  it.each([
    ['a patient changing their own preferences', 'patient'],
    ['a patient changing their profile', 'patient2'],
    ['a front desk canceling a visit', 'frontdesk'],
  ])('%s: no audit row, no change', async (_name, who) => {
    const token = await t.login(who);
    const change = await changeFor(who, token);
    const before = await change.read();

    await breakAuditOfUpdates();
    try {
      const refused = await change.send();
      expect(refused.statusCode).toBe(500);
      expect(refused.json().error).toBe('internal_error');
      expect(await change.read()).toEqual(before);
    } finally {
      await repairAudit();
    }

    const done = await change.send();
    expect(done.statusCode).toBe(200);
    expect(await change.read()).not.toEqual(before);
  });
});

/** One audited change per caller: how to make it, and how to read what it changes. */
async function changeFor(who: string, token: string) {
  const db = t.database.db;
  if (who === 'patient') {
    const patientId = await t.patientIdOf('patient');
    const prefs = await db
      .selectFrom('patient_permissions')
      .select(['id', 'allow_promotion_email'])
      .where('patient_id', '=', patientId)
      .executeTakeFirstOrThrow();
    const value = String(!prefs.allow_promotion_email);
    return {
      send: () =>
        t.call({
          method: 'PUT',
          url: `/api/patient-permissions/${prefs.id}/update-column?column=allowPromotionEmail&value=${value}`,
          token,
        }),
      read: async () =>
        (
          await db
            .selectFrom('patient_permissions')
            .select('allow_promotion_email')
            .where('id', '=', prefs.id)
            .executeTakeFirstOrThrow()
        ).allow_promotion_email,
    };
  }
  if (who === 'patient2') {
    const patientId = await t.patientIdOf('patient2');
    const current = (await t.call({ method: 'GET', url: `/api/patientinfo/${patientId}`, token })).json();
    return {
      send: () =>
        t.call({
          method: 'PUT',
          url: `/api/patientinfo/update-details?patientId=${patientId}`,
          token,
          payload: { ...current, notes: 'Prefers morning visits (changed in the audit test).' },
        }),
      read: async () =>
        (
          await db
            .selectFrom('patients')
            .select('notes')
            .where('id', '=', patientId)
            .executeTakeFirstOrThrow()
        ).notes,
    };
  }
  const visit = await db
    .selectFrom('appointments')
    .select(['id'])
    .where('status', '=', 'Scheduled')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    send: () =>
      t.call({
        method: 'PATCH',
        url: `/api/appointments/update-conformation/${visit.id}`,
        token,
        payload: { conformation: 'Canceled' },
      }),
    read: async () =>
      (
        await db
          .selectFrom('appointments')
          .select('status')
          .where('id', '=', visit.id)
          .executeTakeFirstOrThrow()
      ).status,
  };
}

describe('a route that changes data without committing its row is a defect', () => {
  async function appWith(strictWrites: boolean) {
    const app = Fastify();
    registerAuditHook(app, t.database.db, { strictWrites });
    app.post('/x', { config: { audit: { action: 'update', resource: 'example' } } }, async () => ({
      ok: true,
    }));
    await app.ready();
    return app;
  }

  it('fails the call outside production, so every test of such a route finds it', async () => {
    const app = await appWith(true);
    expect((await app.inject({ method: 'POST', url: '/x' })).statusCode).toBe(500);
    await app.close();
  });

  it('in production the answer stands, the row is written late and the defect is logged', async () => {
    const app = await appWith(false);
    expect((await app.inject({ method: 'POST', url: '/x' })).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('audit_log')
      .select(['resource', 'outcome'])
      .where('resource', '=', 'example')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(row).toEqual({ resource: 'example', outcome: 'success' });
    await app.close();
  });
});
