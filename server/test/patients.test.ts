import { MSG } from '@clinic/contract/messages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatientsRepository } from '../src/modules/patients/patients.repository';
import { auditedBy } from './audit-rows';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';

let t: TestApp;
let emily: number; // 'patient'
let james: number; // 'patient2'

const STAFF = ['admin', 'manager', 'frontdesk', 'doctor'] as const;
const USERS = [...STAFF, 'patient', 'patient2'] as const;
const tokens = {} as Record<(typeof USERS)[number], string>;
/** The seeded patients by last name, the order every list answers in. */
const BY_LAST_NAME = ['Bennett', 'Carter', 'Johnson', 'Kim', 'Nguyen', "O'Brien", 'Ramirez', 'Thompson'];

beforeAll(async () => {
  t = await createTestApp();
  for (const user of USERS) tokens[user] = await t.login(user);
  emily = await t.patientIdOf('patient');
  james = await t.patientIdOf('patient2');
});
afterAll(async () => {
  await t?.close();
});

function patientRow(id: number) {
  return t.database.db.selectFrom('patients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function userRow(patientId: number) {
  return t.database.db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash'])
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
}

/** A response body never carries a password or its hash. */
function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/password/i);
  expect(body).not.toMatch(/\$argon2/);
}

const DETAILS = {
  firstName: '  Emily ',
  lastName: 'Carter-Hughes',
  email: 'emily.ch@mail.example',
  phone: '(303) 555-0199',
  dateOfBirth: '1988-04-12',
  sex: 'Female',
  notes: ' Prefers morning visits. ',
};

const updateDetails = (token: string, query: string, payload: object) =>
  t.call({ method: 'PUT', url: `/api/patientinfo/update-details?${query}`, token, payload });

describe('GET /api/patientinfo/{id} and /by-username/{u}', () => {
  it('a patient reads their own record, without any password', async () => {
    const res = await t.call({ method: 'GET', url: `/api/patientinfo/${emily}`, token: tokens.patient });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ patientId: emily, username: 'patient', firstName: 'Emily' });
    expectNoSecrets(res.body);
  });

  it("another patient's record answers 404, like one that does not exist", async () => {
    const theirs = await t.call({ method: 'GET', url: `/api/patientinfo/${james}`, token: tokens.patient });
    const none = await t.call({ method: 'GET', url: '/api/patientinfo/99999', token: tokens.patient });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
    const byName = await t.call({
      method: 'GET',
      url: '/api/patientinfo/by-username/patient2',
      token: tokens.patient,
    });
    expect(byName.statusCode).toBe(404);
  });

  it.each(STAFF)('%s reads any patient, by id and by username', async (user) => {
    const byId = await t.call({ method: 'GET', url: `/api/patientinfo/${james}`, token: tokens[user] });
    expect(byId.statusCode).toBe(200);
    const byName = await t.call({
      method: 'GET',
      url: '/api/patientinfo/by-username/PATIENT2',
      token: tokens[user],
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().patientId).toBe(james);
    expectNoSecrets(byName.body);
  });

  it('a bad id is a 400 and no token is a 401', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/api/patientinfo/abc', token: tokens.admin })).statusCode,
    ).toBe(400);
    expect((await t.call({ method: 'GET', url: `/api/patientinfo/${emily}` })).statusCode).toBe(401);
  });
});

describe('PUT /api/patientinfo/update-details', () => {
  it('the patient saves their details: trimmed, phone read from `phone`, answered with the record', async () => {
    const res = await updateDetails(tokens.patient, `patientId=${emily}&username=patient`, DETAILS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      patientId: emily,
      firstName: 'Emily',
      lastName: 'Carter-Hughes',
      email: 'emily.ch@mail.example',
      phoneNumber: '(303) 555-0199',
      dateOfBirth: '1988-04-12',
      sex: 'Female',
      notes: 'Prefers morning visits.',
    });
    expect(res.json().age).toBeGreaterThanOrEqual(36);
    expectNoSecrets(res.body);
    const row = await patientRow(emily);
    expect(row).toMatchObject({ first_name: 'Emily', phone_number: '(303) 555-0199' });
  });

  it('reads phoneNumber too, and finds the patient by username alone', async () => {
    const { phone: _phone, ...rest } = DETAILS;
    const res = await updateDetails(tokens.patient, 'username=patient', {
      ...rest,
      phoneNumber: '303-555-0100',
      notes: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phoneNumber: '303-555-0100', notes: '' });
  });

  it('patient A cannot change patient B (404), by id or by username; B is unchanged', async () => {
    const before = await patientRow(james);
    for (const query of [`patientId=${james}`, 'username=patient2', 'patientId=99999', 'username=nobody']) {
      const res = await updateDetails(tokens.patient, query, DETAILS);
      expect(res.statusCode, query).toBe(404);
    }
    expect(await patientRow(james)).toEqual(before);
  });

  it.each(STAFF)('%s may not edit a profile (403), not even to the same values', async (user) => {
    const before = await patientRow(james);
    const res = await updateDetails(tokens[user], `patientId=${james}`, { ...DETAILS, email: 'x@y.example' });
    expect(res.statusCode).toBe(403);
    expect(await patientRow(james)).toEqual(before);
  });

  it.each([
    ['a blank first name', { firstName: '   ' }, 'firstName'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email'],
    ['an invalid phone', { phone: '12' }, 'phoneNumber'],
    ['letters for a phone', { phone: 'call me maybe' }, 'phoneNumber'],
    ['an impossible date', { dateOfBirth: '1990-02-30' }, 'dateOfBirth'],
    ['a date in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
    ['a date in another format', { dateOfBirth: '04/12/1988' }, 'dateOfBirth'],
    ['an unknown sex', { sex: 'Unknown' }, 'sex'],
    ['no phone at all', { phone: undefined }, 'phoneNumber'],
  ])('%s is a 400 naming the field, and nothing changes', async (_label, change, field) => {
    const before = await patientRow(emily);
    const res = await updateDetails(tokens.patient, `patientId=${emily}`, { ...DETAILS, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field });
    expect(await patientRow(emily)).toEqual(before);
  });

  it('a missing field or a wrong type is a 400 from the schema', async () => {
    const { dateOfBirth: _dob, ...withoutDate } = DETAILS;
    const missing = await updateDetails(tokens.patient, `patientId=${emily}`, withoutDate);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('dateOfBirth');
    const wrongType = await updateDetails(tokens.patient, `patientId=${emily}`, {
      ...DETAILS,
      firstName: 42,
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('without patientId or username it is a 400', async () => {
    const res = await updateDetails(tokens.patient, '', DETAILS);
    expect(res.statusCode).toBe(400);
  });

  it("another patient's e-mail, in any case, gives the spec's duplicate message", async () => {
    const before = await patientRow(emily);
    const res = await updateDetails(tokens.patient, `patientId=${emily}`, {
      ...DETAILS,
      email: 'JAMES.NGUYEN@mail.example',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.duplicateEmail);
    expect(await patientRow(emily)).toEqual(before);
  });

  it('audits each attempt with the patient it was about', async () => {
    const rows = await auditedBy(t, 'patient', 2, async () => {
      await updateDetails(tokens.patient, `patientId=${emily}`, DETAILS);
      await updateDetails(tokens.patient, `patientId=${james}`, DETAILS);
    });
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: 'update',
        actor_username: 'patient',
        patient_id: emily,
        outcome: 'success',
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: 'update',
        actor_username: 'patient',
        patient_id: james,
        outcome: 'not_found',
      }),
    );
  });
});

describe('PUT /api/patientinfo/update-account', () => {
  const updateAccount = (token: string, patientId: number, payload: object) =>
    t.call({ method: 'PUT', url: `/api/patientinfo/update-account?patientId=${patientId}`, token, payload });

  it('changes the username; the new one signs in, the old one no longer does', async () => {
    const sofia = await t.patientIdOf('sramirez');
    const token = await t.login('sramirez');
    const res = await updateAccount(token, sofia, { username: 'sofia.r', password: '', email: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      patientId: sofia,
      username: 'sofia.r',
      email: 'sofia.ramirez@mail.example',
    });
    expectNoSecrets(res.body);
    const oldLogin = await t.call({
      method: 'POST',
      url: '/api/patientinfo/login',
      payload: { username: 'sramirez', password: DEMO_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    expect(await t.login('sofia.r')).toBeTruthy();
    // The session that made the change goes on working.
    expect((await t.call({ method: 'GET', url: `/api/patientinfo/${sofia}`, token })).statusCode).toBe(200);
  });

  it('a new password ends every other session of the account, not the one that changed it', async () => {
    const michael = await t.patientIdOf('mobrien');
    const current = await t.login('mobrien');
    const other = await t.login('mobrien');
    const res = await updateAccount(current, michael, { password: 'a-new-pass-123' });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: `/api/patientinfo/${michael}`, token: other })).statusCode,
    ).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: `/api/patientinfo/${michael}`, token: current })).statusCode,
    ).toBe(200);
    expect(await t.login('mobrien', 'a-new-pass-123')).toBeTruthy();
    await expect(t.login('mobrien')).rejects.toThrow(/401/);
  });

  it("changes the e-mail on the patient's record", async () => {
    const aisha = await t.patientIdOf('ajohnson');
    const token = await t.login('ajohnson');
    const res = await updateAccount(token, aisha, { email: ' aisha.j@mail.example ' });
    expect(res.statusCode).toBe(200);
    expect((await patientRow(aisha)).email).toBe('aisha.j@mail.example');
  });

  it("duplicate username or e-mail get the spec's messages and change nothing, not even the other fields", async () => {
    const robert = await t.patientIdOf('rkim');
    const token = await t.login('rkim');
    const userBefore = await userRow(robert);
    const patientBefore = await patientRow(robert);

    const username = await updateAccount(token, robert, {
      username: 'PATIENT2',
      email: 'robert.k@mail.example',
    });
    expect(username.statusCode).toBe(409);
    expect(username.json().message).toBe(MSG.duplicateUsername);

    const email = await updateAccount(token, robert, {
      username: 'robert.kim',
      password: 'another-pass-1',
      email: 'james.nguyen@mail.example',
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe(MSG.duplicateEmail);

    expect(await userRow(robert)).toEqual(userBefore);
    expect(await patientRow(robert)).toEqual(patientBefore);
  });

  it.each([
    ['nothing to change', { username: '', password: '', email: '' }],
    ['a short password', { password: 'short' }],
    ['a username with spaces', { username: 'two words' }],
    ['a too short username', { username: 'ab' }],
    ['an invalid e-mail', { email: 'nope' }],
    ['a number for the username', { username: 12345 }],
  ])('%s is a 400 and nothing changes', async (_label, payload) => {
    const olivia = await t.patientIdOf('obennett');
    const token = await t.login('obennett');
    const before = await userRow(olivia);
    const res = await updateAccount(token, olivia, payload);
    expect(res.statusCode).toBe(400);
    expect(await userRow(olivia)).toEqual(before);
  });

  it('patient A cannot change the account of patient B (404)', async () => {
    const before = await userRow(james);
    const res = await updateAccount(tokens.patient, james, {
      username: 'taken-over',
      password: 'whatever-123',
    });
    expect(res.statusCode).toBe(404);
    expect(await userRow(james)).toEqual(before);
  });

  it.each(STAFF)('%s may not change a patient account (403)', async (user) => {
    const before = await userRow(james);
    const res = await updateAccount(tokens[user], james, { password: 'staff-set-pass' });
    expect(res.statusCode).toBe(403);
    expect(await userRow(james)).toEqual(before);
  });

  it('is audited as a patient-account update', async () => {
    const rows = await auditedBy(t, 'patient-account', 1, () =>
      updateAccount(tokens.patient, emily, { email: 'emily.carter@mail.example' }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'update',
        patient_id: emily,
        outcome: 'success',
        actor_username: 'patient',
      }),
    ]);
  });
});

describe('GET /api/patientinfo/all (All Patients)', () => {
  const list = (query: string, token = tokens.frontdesk) =>
    t.call({ method: 'GET', url: `/api/patientinfo/all${query}`, token });
  const lastNames = (body: { lastName: string }[]) => body.map((p) => p.lastName);

  it('without paging: a plain list of every patient, by last name', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(lastNames(res.json()).map((n) => n.replace('Carter-Hughes', 'Carter'))).toEqual(BY_LAST_NAME);
    expectNoSecrets(res.body);
  });

  it('the total is the database’s own count, through bulk inserts, deletes and a rolled-back insert', async () => {
    const total = async () => (await list('?page=1&size=1')).json().total as number;
    const counted = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('patients')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await total();
    expect(before).toBe(await counted());
    const added = await t.database.db
      .insertInto('patients')
      .values(
        [1, 2, 3].map((i) => ({
          first_name: 'Count',
          last_name: `Keeper${i}`,
          email: `count.keeper${i}@example.com`,
          date_of_birth: '1990-01-01',
        })),
      )
      .returning('id')
      .execute();
    expect(await total()).toBe(before + 3);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('patients')
          .values({
            first_name: 'Never',
            last_name: 'Kept',
            email: 'never.kept@example.com',
            date_of_birth: '1990-01-01',
          })
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await total()).toBe(before + 3);
    await t.database.db
      .deleteFrom('patients')
      .where(
        'id',
        'in',
        added.map((r) => r.id),
      )
      .execute();
    expect(await total()).toBe(before);
    expect(await total()).toBe(await counted());
  });

  it('pages of five (the screen size when only page is given), then the rest, then nothing', async () => {
    const first = (await list('?page=1&size=5')).json();
    const second = (await list('?page=2')).json();
    const beyond = (await list('?page=3&size=5')).json();
    expect(first).toMatchObject({ total: 8, page: 1, size: 5 });
    expect(first.items).toHaveLength(5);
    expect(second).toMatchObject({ total: 8, page: 2, size: 5 });
    expect(second.items).toHaveLength(3);
    expect(beyond).toEqual({ items: [], total: 8, page: 3, size: 5 });
    const ids = [...first.items, ...second.items].map((p: { patientId: number }) => p.patientId);
    expect(new Set(ids).size).toBe(8);
    expect(lastNames([...first.items, ...second.items])).toEqual(lastNames((await list('')).json()));
  });

  it.each([
    ['carter', ['Carter-Hughes']],
    ['CAR', ['Carter-Hughes']],
    ['em', ['Carter-Hughes']],
    ['o', ["O'Brien", 'Bennett']],
    ["o'b", ["O'Brien"]],
    ['emily car', ['Carter-Hughes']],
    ['  kim ', ['Kim']],
    ['zz', []],
    ['%', []],
    ['_', []],
  ])('q=%s filters by first or last name prefix, any case', async (q, expected) => {
    const plain = await list(`?q=${encodeURIComponent(q)}`);
    expect(plain.statusCode).toBe(200);
    expect(lastNames(plain.json()).sort()).toEqual([...expected].sort());
    const paged = (await list(`?q=${encodeURIComponent(q)}&page=1`)).json();
    expect(paged.total).toBe(expected.length);
    expect(lastNames(paged.items).sort()).toEqual([...expected].sort());
  });

  it('filter and paging together: the count is of the matches', async () => {
    const res = (await list('?q=o&page=2&size=1')).json();
    expect(res.items).toHaveLength(1);
    expect(res.total).toBe(2);
  });

  it.each(['?page=0', '?size=0', '?size=101', '?page=x', `?q=${'a'.repeat(101)}`])(
    '%s is a 400',
    async (query) => {
      expect((await list(query)).statusCode).toBe(400);
    },
  );

  it('is for staff only: a patient gets 403, no token 401', async () => {
    expect((await list('', tokens.patient)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/patientinfo/all' })).statusCode).toBe(401);
  });

  it.each(STAFF)('%s may list patients', async (user) => {
    expect((await list('?page=1', tokens[user])).statusCode).toBe(200);
  });

  it('is audited as a search', async () => {
    const rows = await auditedBy(t, 'patient', 1, () => list('?q=kim'));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'search',
        actor_username: 'frontdesk',
        outcome: 'success',
        patient_id: null,
      }),
    ]);
  });

  it('the name filter can use the lower(name) indexes', async () => {
    // With sequential scans priced out, the planner must find an index path for the repository's filter.
    const plan = await t.database.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const result = await sql<{ 'QUERY PLAN': string }>`explain select id from patients
        where lower(first_name) like ${'car%'} or lower(last_name) like ${'car%'}`.execute(trx);
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan (using|on) patients_first_name\w*_idx/);
    expect(plan).not.toContain('Seq Scan');
  });

  it('the search popup finds patients from indexes alone, never reading every patient', async () => {
    const plan = await t.database.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await createPatientsRepository(trx).searchQuery('car', 50).explain();
      return rows.map((r) => String(r['QUERY PLAN'])).join('\n');
    });
    expect(plan).not.toMatch(/Seq Scan on patients/);
  });
});

describe('patient searches (staff)', () => {
  const get = (url: string, token: string | undefined = tokens.frontdesk) =>
    t.call({ method: 'GET', url, token });

  it('GET /patientinfo/search matches first and last name prefixes together', async () => {
    const both = await get('/api/patientinfo/search?firstName=jam&lastName=NGU');
    expect(both.statusCode).toBe(200);
    expect(both.json().map((p: { patientId: number }) => p.patientId)).toEqual([james]);
    const lastOnly = await get('/api/patientinfo/search?lastName=thompson');
    expect(lastOnly.json()).toHaveLength(1);
    const none = await get('/api/patientinfo/search?firstName=james&lastName=kim');
    expect(none.json()).toEqual([]);
    expectNoSecrets(both.body);
  });

  it('GET /patientinfo/search without a name is a 400; a patient gets 403', async () => {
    expect((await get('/api/patientinfo/search')).statusCode).toBe(400);
    expect((await get('/api/patientinfo/search?firstName=%20')).statusCode).toBe(400);
    expect((await get('/api/patientinfo/search?lastName=kim', tokens.patient)).statusCode).toBe(403);
  });

  it('GET /patientinfo/search/all?query= finds by name, id or username', async () => {
    const byName = await get('/api/patientinfo/search/all?query=nguyen');
    expect(byName.json().map((p: { patientId: number }) => p.patientId)).toEqual([james]);
    const byId = await get(`/api/patientinfo/search/all?query=${james}`);
    expect(byId.json().map((p: { patientId: number }) => p.patientId)).toContain(james);
    const byUsername = await get('/api/patientinfo/search/all?query=Patient2');
    expect(byUsername.json().map((p: { patientId: number }) => p.patientId)).toEqual([james]);
    const all = await get('/api/patientinfo/search/all');
    expect(all.json()).toHaveLength(8);
    expect((await get('/api/patientinfo/search/all?query=kim', tokens.patient2)).statusCode).toBe(403);
  });

  it('GET /patientinfo/search/all finds any part of a name, an e-mail, a phone number or a date of birth', async () => {
    const names = async (query: string) =>
      (await get(`/api/patientinfo/search/all?query=${encodeURIComponent(query)}`))
        .json()
        .map((p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`);
    // Three letters or more: anywhere in the name (issue 15: 'son' found neither Johnson nor Thompson).
    expect(await names('son')).toEqual(['Aisha Johnson', 'David Thompson']);
    expect(await names('SON')).toEqual(['Aisha Johnson', 'David Thompson']);
    expect(await names('ivi')).toEqual(['Olivia Bennett']);
    // Shorter: the start of a name only, so two letters do not match half the network.
    expect(await names('on')).toEqual([]);
    const first = async (query: string) => (await names(query)).map((name: string) => name.split(' ')[0]);
    expect(await first('em')).toEqual(['Emily']);
    expect(await first('mily art')).toEqual(['Emily']);
    expect(await names('ramirez@mail')).toEqual(['Sofia Ramirez']);
    expect(await names('555-0162')).toEqual(['James Nguyen']);
    expect(await names('(503) 555')).toEqual(['Sofia Ramirez']);
    expect(await first('1988-04-12')).toEqual(['Emily']);
    expect(await first('4/12/1988')).toEqual(['Emily']);
    expect(await names('2/30/1988')).toEqual([]);
    // LIKE's wildcards are text like any other.
    expect(await names('%')).toEqual([]);
    expect(await names('a_s')).toEqual([]);
  });

  it('the home search GET /patient/search/all requires a staff token', async () => {
    const staff = await get('/api/patient/search/all?query=kim');
    expect(staff.statusCode).toBe(200);
    expect(staff.json()[0]).toMatchObject({ lastName: 'Kim' });
    expect((await t.call({ method: 'GET', url: '/api/patient/search/all?query=kim' })).statusCode).toBe(401);
    expect((await get('/api/patient/search/all?query=kim', tokens.patient)).statusCode).toBe(403);
    expect((await get('/api/patient/search/all')).statusCode).toBe(400);
    expect((await get('/api/patient/search/all?query=%20%20')).statusCode).toBe(400);
  });

  it('every search is audited', async () => {
    const rows = await auditedBy(t, 'patient', 4, async () => {
      await get('/api/patientinfo/search?lastName=kim');
      await get('/api/patientinfo/search/all?query=kim');
      await get('/api/patient/search/all?query=kim');
      await get('/api/patient/search/all?query=kim', tokens.patient);
    });
    expect(rows.map((r) => `${r.action} ${r.actor_username} ${r.outcome}`).sort()).toEqual([
      'search frontdesk success',
      'search frontdesk success',
      'search frontdesk success',
      'search patient denied',
    ]);
  });
});
