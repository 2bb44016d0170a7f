import { MSG } from '@clinic/contract/messages';
import { PREFERENCE_FLAGS } from '@clinic/contract/patient-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedBy } from './audit-rows';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let emily: number; // 'patient'
let james: number; // 'patient2'
let emilyPermission: number;
let jamesPermission: number;

const STAFF = ['admin', 'manager', 'frontdesk', 'doctor'] as const;
const USERS = [...STAFF, 'patient', 'patient2'] as const;
const tokens = {} as Record<(typeof USERS)[number], string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const user of USERS) tokens[user] = await t.login(user);
  emily = await t.patientIdOf('patient');
  james = await t.patientIdOf('patient2');
  emilyPermission = (await rowOfPatient(emily))!.id;
  jamesPermission = (await rowOfPatient(james))!.id;
});
afterAll(async () => {
  await t?.close();
});

/** A patient's preferences row with the contact details it shows (the patient's own, migration 0014). */
const preferencesWithContact = () =>
  t.database.db
    .selectFrom('patient_permissions')
    .innerJoin('patients', 'patients.id', 'patient_permissions.patient_id')
    .selectAll('patient_permissions')
    .select(['patients.email', 'patients.phone_number']);

function rowOfPatient(patientId: number) {
  return preferencesWithContact().where('patient_permissions.patient_id', '=', patientId).executeTakeFirst();
}

function rowById(id: number) {
  return preferencesWithContact().where('patient_permissions.id', '=', id).executeTakeFirst();
}

const WIRE_FIELDS = [
  'permissionId',
  'patientId',
  'email',
  'phone',
  'allowPromotionText',
  'allowPromotionEmail',
  'allowAppointmentReminderText',
  'allowAppointmentReminderEmail',
  'allowAuthorizationReminderText',
  'allowAuthorizationReminderEmail',
];

describe('reading preferences', () => {
  it('a patient reads their own, by patient and by id, with the spec field names', async () => {
    const byPatient = await t.call({
      method: 'GET',
      url: `/api/patient-permissions/patient/${emily}`,
      token: tokens.patient,
    });
    expect(byPatient.statusCode).toBe(200);
    expect(Object.keys(byPatient.json()).sort()).toEqual([...WIRE_FIELDS].sort());
    expect(byPatient.json()).toMatchObject({
      permissionId: emilyPermission,
      patientId: emily,
      allowPromotionText: false,
      allowPromotionEmail: true,
    });
    const byId = await t.call({
      method: 'GET',
      url: `/api/patient-permissions/id/${emilyPermission}`,
      token: tokens.patient,
    });
    expect(byId.json()).toEqual(byPatient.json());
  });

  it("another patient's preferences answer 404, like missing ones", async () => {
    for (const url of [
      `/api/patient-permissions/patient/${james}`,
      `/api/patient-permissions/id/${jamesPermission}`,
      '/api/patient-permissions/id/99999',
    ]) {
      const res = await t.call({ method: 'GET', url, token: tokens.patient });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it.each(STAFF)('%s reads anyone’s preferences and the whole list', async (user) => {
    const one = await t.call({
      method: 'GET',
      url: `/api/patient-permissions/patient/${james}`,
      token: tokens[user],
    });
    expect(one.statusCode).toBe(200);
    const byId = await t.call({
      method: 'GET',
      url: `/api/patient-permissions/id/${jamesPermission}`,
      token: tokens[user],
    });
    expect(byId.json().patientId).toBe(james);
    const all = await t.call({ method: 'GET', url: '/api/patient-permissions/getall', token: tokens[user] });
    expect(all.statusCode).toBe(200);
    expect(all.json().length).toBeGreaterThanOrEqual(8);
  });

  it('the whole list is for staff only (403 for a patient, 401 without a token)', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/api/patient-permissions/getall', token: tokens.patient }))
        .statusCode,
    ).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/patient-permissions/getall' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: `/api/patient-permissions/patient/${emily}` })).statusCode,
    ).toBe(401);
  });

  it('reads are audited with the patient', async () => {
    const rows = await auditedBy(t, 'patient-permissions', 2, async () => {
      await t.call({
        method: 'GET',
        url: `/api/patient-permissions/patient/${james}`,
        token: tokens.frontdesk,
      });
      await t.call({
        method: 'GET',
        url: `/api/patient-permissions/id/${jamesPermission}`,
        token: tokens.patient,
      });
    });
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: 'read',
        actor_username: 'frontdesk',
        patient_id: james,
        outcome: 'success',
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: 'read',
        actor_username: 'patient',
        patient_id: james,
        outcome: 'not_found',
      }),
    );
  });
});

describe('PUT /api/patient-permissions/{id}', () => {
  const put = (token: string, id: number, payload: object) =>
    t.call({ method: 'PUT', url: `/api/patient-permissions/${id}`, token, payload });

  it('the patient saves their own preferences; a record sent back as received is accepted', async () => {
    const current = (
      await t.call({ method: 'GET', url: `/api/patient-permissions/patient/${emily}`, token: tokens.patient })
    ).json();
    const res = await put(tokens.patient, emilyPermission, {
      ...current,
      patientId: james, // never taken from the body
      allowPromotionText: true,
      allowAuthorizationReminderEmail: false,
      email: ' emily.alerts@mail.example ',
      phone: '(303) 555-0111',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      permissionId: emilyPermission,
      patientId: emily,
      allowPromotionText: true,
      allowAuthorizationReminderEmail: false,
      email: 'emily.alerts@mail.example',
      phone: '(303) 555-0111',
    });
    expect(await rowOfPatient(emily)).toMatchObject({
      allow_promotion_text: true,
      email: 'emily.alerts@mail.example',
    });
  });

  it('a field left out keeps its value', async () => {
    const res = await put(tokens.patient, emilyPermission, { allowPromotionEmail: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ allowPromotionEmail: false, allowPromotionText: true });
  });

  it("patient A cannot change patient B's preferences (404), and B's are unchanged", async () => {
    const before = await rowById(jamesPermission);
    const res = await put(tokens.patient, jamesPermission, { allowPromotionText: true });
    expect(res.statusCode).toBe(404);
    expect(await rowById(jamesPermission)).toEqual(before);
  });

  it.each(STAFF)('%s may read but not save preferences (403)', async (user) => {
    const before = await rowById(jamesPermission);
    const res = await put(tokens[user], jamesPermission, { allowPromotionText: true });
    expect(res.statusCode).toBe(403);
    expect(await rowById(jamesPermission)).toEqual(before);
  });

  it.each([
    ['an invalid e-mail', { email: 'nope' }],
    ['an invalid phone', { phone: 'abc' }],
    ['a flag as text', { allowPromotionText: 'yes' }],
    ['a flag as a number', { allowAppointmentReminderText: 1 }],
  ])('%s is a 400 and nothing changes', async (_label, payload) => {
    const before = await rowById(emilyPermission);
    const res = await put(tokens.patient, emilyPermission, payload);
    expect(res.statusCode).toBe(400);
    expect(await rowById(emilyPermission)).toEqual(before);
  });

  it('a phone may be cleared; the e-mail may not, as on the profile', async () => {
    const res = await put(tokens.patient, emilyPermission, { phone: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().phone).toBe('');
    const before = await rowById(emilyPermission);
    expect((await put(tokens.patient, emilyPermission, { email: '' })).statusCode).toBe(400);
    expect(await rowById(emilyPermission)).toEqual(before);
  });

  it("shows the profile's contact details, and a change on either side shows on the other (issue 14)", async () => {
    const profile = (payload: object) =>
      t.call({
        method: 'PUT',
        url: `/api/patientinfo/update-details?patientId=${emily}`,
        token: tokens.patient,
        payload,
      });
    const current = (
      await t.call({ method: 'GET', url: `/api/patientinfo/${emily}`, token: tokens.patient })
    ).json();
    const changed = await profile({ ...current, email: 'emily.new@mail.example', phone: '(303) 555-0177' });
    expect(changed.statusCode).toBe(200);
    const preferences = await t.call({
      method: 'GET',
      url: `/api/patient-permissions/patient/${emily}`,
      token: tokens.patient,
    });
    expect(preferences.json()).toMatchObject({ email: 'emily.new@mail.example', phone: '(303) 555-0177' });

    expect((await put(tokens.patient, emilyPermission, { phone: '(303) 555-0188' })).statusCode).toBe(200);
    const record = await t.call({ method: 'GET', url: `/api/patientinfo/${emily}`, token: tokens.patient });
    expect(record.json().phoneNumber).toBe('(303) 555-0188');

    // Another patient's e-mail is the profile's duplicate, in the spec's words; nothing changes.
    const before = await rowById(emilyPermission);
    const taken = await put(tokens.patient, emilyPermission, { email: 'JAMES.nguyen@mail.example' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.duplicateEmail);
    expect(await rowById(emilyPermission)).toEqual(before);
  });
});

describe('PUT /api/patient-permissions/{id}/update-column', () => {
  const updateColumn = (token: string, id: number, column: string, value: string) =>
    t.call({
      method: 'PUT',
      url: `/api/patient-permissions/${id}/update-column?column=${encodeURIComponent(column)}&value=${encodeURIComponent(value)}`,
      token,
    });

  it.each(PREFERENCE_FLAGS)('sets %s by its wire name and by its SQL name', async (flag) => {
    const on = await updateColumn(tokens.patient, emilyPermission, flag, 'true');
    expect(on.statusCode).toBe(200);
    expect(on.json()[flag]).toBe(true);
    const snake = flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const off = await updateColumn(tokens.patient, emilyPermission, snake, 'FALSE');
    expect(off.statusCode).toBe(200);
    expect(off.json()[flag]).toBe(false);
  });

  it('sets the contact e-mail and phone, validated', async () => {
    const email = await updateColumn(tokens.patient, emilyPermission, 'email', 'emily@mail.example');
    expect(email.json().email).toBe('emily@mail.example');
    const phone = await updateColumn(tokens.patient, emilyPermission, 'phone', '+1 303 555 0123');
    expect(phone.json().phone).toBe('+1 303 555 0123');
  });

  it.each([
    ['patient_id', '2'],
    ['id', '1'],
    ['permissionId', '5'],
    ['patientId', '2'],
    ['allow_promotion_text = true; drop table patients; --', 'true'],
    ['allowPromotionText', 'maybe'],
    ['allowPromotionText', ''],
    ['email', 'not-an-email'],
    ['phone', '12'],
  ])('column=%s value=%s is a 400 and nothing changes', async (column, value) => {
    const before = await rowById(emilyPermission);
    const res = await updateColumn(tokens.patient, emilyPermission, column, value);
    expect(res.statusCode).toBe(400);
    expect(await rowById(emilyPermission)).toEqual(before);
  });

  it('missing column or value is a 400', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/patient-permissions/${emilyPermission}/update-column?column=email`,
      token: tokens.patient,
    });
    expect(res.statusCode).toBe(400);
  });

  it("patient A cannot change patient B's column (404); staff get 403", async () => {
    const before = await rowById(jamesPermission);
    expect(
      (await updateColumn(tokens.patient, jamesPermission, 'allowPromotionText', 'true')).statusCode,
    ).toBe(404);
    for (const user of STAFF) {
      expect(
        (await updateColumn(tokens[user], jamesPermission, 'allowPromotionText', 'true')).statusCode,
      ).toBe(403);
    }
    expect(await rowById(jamesPermission)).toEqual(before);
  });

  it('changes are audited with the owner, including refused ones', async () => {
    const rows = await auditedBy(t, 'patient-permissions', 2, async () => {
      await updateColumn(tokens.patient, emilyPermission, 'allowPromotionText', 'true');
      await updateColumn(tokens.patient, jamesPermission, 'allowPromotionText', 'true');
    });
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual(
      expect.objectContaining({ action: 'update', patient_id: emily, outcome: 'success' }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ action: 'update', patient_id: james, outcome: 'not_found' }),
    );
  });
});

describe('delete and add', () => {
  it("patient A cannot delete patient B's preferences (404); staff get 403", async () => {
    const res = await t.call({
      method: 'DELETE',
      url: `/api/patient-permissions/delete/${jamesPermission}`,
      token: tokens.patient,
    });
    expect(res.statusCode).toBe(404);
    for (const user of STAFF) {
      const staff = await t.call({
        method: 'DELETE',
        url: `/api/patient-permissions/delete/${jamesPermission}`,
        token: tokens[user],
      });
      expect(staff.statusCode).toBe(403);
    }
    expect(await rowById(jamesPermission)).toBeDefined();
  });

  it('staff cannot create preferences for a patient (403)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/patient-permissions/add',
      token: tokens.admin,
      payload: { patientId: emily },
    });
    expect(res.statusCode).toBe(403);
  });

  it('the patient deletes theirs, then creates them again: e-mail and phone default to the profile', async () => {
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/patient-permissions/delete/${emilyPermission}`,
      token: tokens.patient,
    });
    expect(removed.statusCode).toBe(204);
    expect(await rowOfPatient(emily)).toBeUndefined();
    const gone = await t.call({
      method: 'GET',
      url: `/api/patient-permissions/patient/${emily}`,
      token: tokens.patient,
    });
    expect(gone.statusCode).toBe(404);

    const created = await t.call({
      method: 'POST',
      url: '/api/patient-permissions/add',
      token: tokens.patient,
      payload: { allowAppointmentReminderEmail: true },
    });
    expect(created.statusCode).toBe(201);
    const profile = await t.database.db
      .selectFrom('patients')
      .select(['email', 'phone_number'])
      .where('id', '=', emily)
      .executeTakeFirstOrThrow();
    expect(created.json()).toMatchObject({
      patientId: emily,
      email: profile.email,
      phone: profile.phone_number,
      allowAppointmentReminderEmail: true,
      allowPromotionText: false,
    });
    emilyPermission = created.json().permissionId;
  });

  it('a second add is a 409; an add for another patient is a 404; bad input is a 400', async () => {
    const again = await t.call({
      method: 'POST',
      url: '/api/patient-permissions/add',
      token: tokens.patient,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const forOther = await t.call({
      method: 'POST',
      url: '/api/patient-permissions/add',
      token: tokens.patient2,
      payload: { patientId: emily },
    });
    expect(forOther.statusCode).toBe(404);
    const bad = await t.call({
      method: 'POST',
      url: '/api/patient-permissions/add',
      token: tokens.patient2,
      payload: { email: 'bad' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await rowOfPatient(james))?.id).toBe(jamesPermission);
  });

  it('adds and deletes are audited with the patient, refused ones too', async () => {
    const rows = await auditedBy(t, 'patient-permissions', 3, async () => {
      await t.call({
        method: 'DELETE',
        url: `/api/patient-permissions/delete/${jamesPermission}`,
        token: tokens.patient,
      });
      await t.call({
        method: 'DELETE',
        url: `/api/patient-permissions/delete/${jamesPermission}`,
        token: tokens.patient2,
      });
      await t.call({
        method: 'POST',
        url: '/api/patient-permissions/add',
        token: tokens.patient2,
        payload: {},
      });
    });
    expect(rows.map((r) => `${r.action} ${r.actor_username} ${r.patient_id} ${r.outcome}`).sort()).toEqual(
      [
        `create patient2 ${james} success`,
        `delete patient ${james} not_found`,
        `delete patient2 ${james} success`,
      ].sort(),
    );
  });
});
