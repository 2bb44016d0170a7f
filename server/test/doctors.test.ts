import { isDirectorySpecialty, isHomeSearchSpecialty } from '@clinic/contract/doctors';
import { MSG, msg } from '@clinic/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { tempDataDir, uploadTestImage } from './test-images';

let t: TestApp;
type User = 'admin' | 'manager' | 'frontdesk' | 'doctor' | 'patient';
const tokens = {} as Record<User, string>;
const data = tempDataDir('doctors-test');

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: data.dir } });
  for (const user of ['admin', 'manager', 'frontdesk', 'doctor', 'patient'] as const)
    tokens[user] = await t.login(user);
});
afterAll(async () => {
  await t?.close();
  data.remove();
});

type Json = Record<string, unknown>;

async function counts() {
  const users = await t.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const doctors = await t.database.db
    .selectFrom('doctors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { users: Number(users.n), doctors: Number(doctors.n) };
}

async function doctorRow(id: number) {
  return t.database.db.selectFrom('doctors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

let serial = 0;
/** Registers a new staff member through the API (as ADMIN) and signs them in. */
async function newStaff(overrides: Json = {}) {
  serial += 1;
  const username = `staff${serial}x`;
  const res = await t.call({
    method: 'POST',
    url: '/api/doctorinfo/doctor/register/credentials',
    token: tokens.admin,
    payload: {
      username,
      password: 'first-pass-1',
      officeId: 2,
      firstName: 'Test',
      lastName: `Person${serial}`,
      specialty: 'Physical Therapist',
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { username, doctorId: body.doctorId as number, token: await t.login(username, 'first-pass-1') };
}

describe('public directory calls', () => {
  it('GET all/details without a token lists only the care team, without usernames', async () => {
    const res = await t.call({ method: 'GET', url: '/api/doctorinfo/doctor/all/details' });
    expect(res.statusCode).toBe(200);
    const doctors = res.json() as Json[];
    const ids = doctors.map((d) => d.doctorId);
    expect(ids).toEqual(expect.arrayContaining([1, 2, 5, 7, 9, 14]));
    expect(ids).not.toContain(15); // the 'Not Sure' placeholder
    expect(ids).not.toContain(16); // ADMIN staff record
    expect(ids).not.toContain(17); // FRONT_DESK staff record
    for (const d of doctors) {
      expect(d).not.toHaveProperty('username');
      expect(isDirectorySpecialty(d.specialty as string)).toBe(true);
      expect(Object.keys(d).sort()).toEqual(
        [
          'bio',
          'doctorId',
          'doctorPicture',
          'firstName',
          'lastName',
          'officeId',
          'officeName',
          'rating',
          'specialty',
        ].sort(),
      );
    }
    const maya = doctors.find((d) => d.doctorId === 1);
    expect(maya).toMatchObject({
      firstName: 'Maya',
      lastName: 'Lindqvist',
      specialty: 'Physical Therapist',
      officeId: 1,
      officeName: 'Summit PT Denver Highlands',
      rating: 100,
    });
  });

  it('GET all/details?page= is one page of the care team directory, with how many match in all', async () => {
    const all = (await t.call({ method: 'GET', url: '/api/doctorinfo/doctor/all/details' })).json() as Json[];
    const read = async (query: string, token?: string) => {
      const res = await t.call({
        method: 'GET',
        url: `/api/doctorinfo/doctor/all/details?${query}`,
        ...(token ? { token } : {}),
      });
      expect(res.statusCode, query).toBe(200);
      return { doctors: res.json() as Json[], total: Number(res.headers['x-total-count']) };
    };

    const first = await read('page=1&size=4');
    expect(first.total).toBe(all.length);
    expect(first.doctors.map((d) => d.doctorId)).toEqual(all.slice(0, 4).map((d) => d.doctorId));
    const second = await read('page=2&size=4');
    expect(second.doctors.map((d) => d.doctorId)).toEqual(all.slice(4, 8).map((d) => d.doctorId));
    const past = await read('page=99&size=4');
    expect(past).toEqual({ doctors: [], total: all.length });

    // Each word in a name, the specialty or the office name, in any case; staff records never appear.
    const narrowed = await read(`page=1&search=${encodeURIComponent('MASSAGE denver')}`, tokens.frontdesk);
    expect(narrowed.total).toBeGreaterThan(0);
    expect(narrowed.total).toBeLessThan(all.length);
    for (const d of narrowed.doctors) {
      expect(`${d.specialty}`.toLowerCase()).toContain('massage');
      expect(`${d.officeName}`.toLowerCase()).toContain('denver');
    }
    const byName = await read('page=1&search=lindq');
    expect(byName.doctors.map((d) => d.doctorId)).toEqual([1]);
    expect(byName.doctors[0]).not.toHaveProperty('username');
    expect((await read('page=1&search=zzzz')).total).toBe(0);
    const staff = await read('page=1&size=50', tokens.admin);
    expect(staff.doctors.map((d) => d.doctorId)).not.toContain(16);
  });

  it('GET all/details refuses a page larger than the largest', async () => {
    for (const query of ['page=1&size=51', 'page=0', 'page=1&size=0']) {
      const res = await t.call({ method: 'GET', url: `/api/doctorinfo/doctor/all/details?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('a patient gets the same public view', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/doctorinfo/doctor/all/details',
      token: tokens.patient,
    });
    expect(res.statusCode).toBe(200);
    const doctors = res.json() as Json[];
    expect(doctors.some((d) => d.doctorId === 16)).toBe(false);
    expect(res.body).not.toContain('"username"');
  });

  it('staff get every record but the placeholder, with usernames', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/doctorinfo/doctor/all/details',
      token: tokens.frontdesk,
    });
    const doctors = res.json() as Json[];
    const ids = doctors.map((d) => d.doctorId);
    expect(ids).toEqual(expect.arrayContaining([1, 16, 17]));
    expect(ids).not.toContain(15);
    expect(doctors.find((d) => d.doctorId === 1)?.username).toBe('doctor');
    expect(doctors.find((d) => d.doctorId === 2)?.username).toBeNull();
  });

  it('GET /doctorinfo/{id}: public view of care-team records and the placeholder; staff records are 404', async () => {
    const maya = await t.call({ method: 'GET', url: '/api/doctorinfo/1' });
    expect(maya.statusCode).toBe(200);
    expect(maya.json()).not.toHaveProperty('username');
    const notSure = await t.call({ method: 'GET', url: '/api/doctorinfo/15' });
    expect(notSure.statusCode).toBe(200);
    expect(notSure.json()).toMatchObject({ doctorId: 15, firstName: 'Not Sure' });

    const admin = await t.call({ method: 'GET', url: '/api/doctorinfo/16' });
    const missing = await t.call({ method: 'GET', url: '/api/doctorinfo/999999' });
    expect(admin.statusCode).toBe(404);
    expect(admin.json().message).toBe(msg.doctorNotFound(16));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(msg.doctorNotFound(999999));

    const staff = await t.call({ method: 'GET', url: '/api/doctorinfo/16', token: tokens.manager });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ doctorId: 16, username: 'admin', specialty: 'ADMIN' });
  });

  it('GET /doctorinfo/{id} with a malformed id is a 400', async () => {
    const res = await t.call({ method: 'GET', url: '/api/doctorinfo/abc' });
    expect(res.statusCode).toBe(400);
  });

  it('GET /doctorinfo/search?officeId= lists that office; officeId is required', async () => {
    const res = await t.call({ method: 'GET', url: '/api/doctorinfo/search?officeId=1' });
    expect(res.statusCode).toBe(200);
    const doctors = res.json() as Json[];
    expect(doctors.map((d) => d.doctorId).sort((a, b) => Number(a) - Number(b))).toEqual([1, 5, 9]);
    expect(res.body).not.toContain('"username"');

    const staff = await t.call({
      method: 'GET',
      url: '/api/doctorinfo/search?officeId=1',
      token: tokens.admin,
    });
    expect((staff.json() as Json[]).map((d) => d.doctorId)).toContain(16);

    expect((await t.call({ method: 'GET', url: '/api/doctorinfo/search' })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/doctorinfo/search?officeId=x' })).statusCode).toBe(400);
  });

  it('GET /doctor/search/all (home search) finds home-search specialties only, never usernames', async () => {
    const search = async (query: string) => {
      const res = await t.call({
        method: 'GET',
        url: `/api/doctor/search/all?query=${encodeURIComponent(query)}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('username');
      return res.json() as Json[];
    };
    expect((await search('maya')).map((d) => d.doctorId)).toEqual([1]);
    expect((await search('Maya Lindqvist')).map((d) => d.doctorId)).toEqual([1]);
    expect(await search('Avery')).toEqual([]); // ADMIN
    expect(await search('Rosa')).toEqual([]); // FRONT_DESK
    expect(await search('Hana')).toEqual([]); // Acupuncture is in the directory but not in the home search
    expect(await search('Not Sure')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect(await search('%')).toEqual([]);
    const therapists = await search('massage');
    expect(therapists.length).toBeGreaterThan(0);
    for (const d of therapists) expect(isHomeSearchSpecialty(d.specialty as string)).toBe(true);
  });
});

describe('GET /doctorinfo/doctor/by-username/{u}', () => {
  const byName = (u: string, token?: string) =>
    t.call({ method: 'GET', url: `/api/doctorinfo/doctor/by-username/${u}`, token });

  it('needs a token and a staff role', async () => {
    expect((await byName('doctor')).statusCode).toBe(401);
    expect((await byName('doctor', tokens.patient)).statusCode).toBe(403);
  });

  it('a staff member reads their own record', async () => {
    const res = await byName('doctor', tokens.doctor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ doctorId: 1, username: 'doctor' });
  });

  it("someone else's answers 404 like an unknown one, unless ADMIN or MANAGER", async () => {
    const other = await byName('manager', tokens.doctor);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(msg.doctorUsernameNotFound('manager'));
    expect((await byName('frontdesk', tokens.frontdesk)).statusCode).toBe(200);
    expect((await byName('doctor', tokens.frontdesk)).statusCode).toBe(404);
    expect((await byName('doctor', tokens.manager)).json()).toMatchObject({ doctorId: 1 });
    const unknown = await byName('nobody-here', tokens.admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(msg.doctorUsernameNotFound('nobody-here'));
  });
});

describe('POST /doctorinfo/doctor/register/credentials', () => {
  const register = (payload: Json, token?: string) =>
    t.call({ method: 'POST', url: '/api/doctorinfo/doctor/register/credentials', token, payload });
  const valid = { username: 'newtherapist', password: 'long-enough-1', officeId: 3 };

  it('refuses every role but ADMIN, and creates nothing', async () => {
    const before = await counts();
    expect((await register(valid)).statusCode).toBe(401);
    for (const user of ['manager', 'frontdesk', 'doctor', 'patient'] as const) {
      const res = await register(valid, tokens[user]);
      expect(res.statusCode, user).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  it('creates the account and its doctor record together; the new member signs in at the staff login', async () => {
    const before = await counts();
    const res = await register(
      { ...valid, role: 'MANAGER', firstName: 'Iris', lastName: 'Novak', specialty: 'PT Staff' },
      tokens.admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      username: 'newtherapist',
      role: 'MANAGER',
      officeId: 3,
      officeName: 'Summit PT Portland Pearl District',
      firstName: 'Iris',
      lastName: 'Novak',
      specialty: 'PT Staff',
      rating: 100,
    });
    expect(await counts()).toEqual({ users: before.users + 1, doctors: before.doctors + 1 });
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'newtherapist')
      .executeTakeFirstOrThrow();
    expect(user.role).toBe('MANAGER');
    expect(user.doctor_id).toBe(body.doctorId);
    expect(user.password_hash).not.toContain('long-enough-1');

    const login = await t.call({
      method: 'POST',
      url: '/api/doctorinfo/doctor/login',
      payload: { username: 'newtherapist', password: 'long-enough-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ role: 'MANAGER', doctorId: body.doctorId });
  });

  it('the role defaults to DOCTOR; FRONTDESK (also "FRONT DESK") is accepted', async () => {
    const doctor = await register({ ...valid, username: 'defaultrole' }, tokens.admin);
    expect(doctor.statusCode).toBe(201);
    expect(doctor.json().role).toBe('DOCTOR');
    const desk = await register({ ...valid, username: 'deskperson', role: 'FRONT DESK' }, tokens.admin);
    expect(desk.statusCode).toBe(201);
    expect(desk.json()).toMatchObject({ role: 'FRONTDESK', specialty: 'FRONT_DESK' });
    // A record without a directory specialty stays out of the public directory.
    const list = await t.call({ method: 'GET', url: '/api/doctorinfo/doctor/all/details' });
    const ids = (list.json() as Json[]).map((d) => d.doctorId);
    expect(ids).not.toContain(doctor.json().doctorId);
    expect(ids).not.toContain(desk.json().doctorId);
  });

  it('never lets ADMIN, PATIENT or an unknown role through, and creates nothing', async () => {
    const before = await counts();
    for (const role of ['ADMIN', 'ROLE_ADMIN', 'PATIENT', 'superuser']) {
      const res = await register({ ...valid, username: 'sneaky', role }, tokens.admin);
      expect(res.statusCode, role).toBe(400);
      expect(res.json().message).toBe('role must be FRONTDESK, DOCTOR or MANAGER');
    }
    expect(await counts()).toEqual(before);
  });

  it('a taken username (in any case) is a 409 and leaves no doctor record behind', async () => {
    const before = await counts();
    const res = await register({ ...valid, username: 'ADMIN' }, tokens.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.duplicateUsername);
    expect(await counts()).toEqual(before);
  });

  it('gives an account made with Create Account its staff profile; it keeps its password and role (issue 15)', async () => {
    const made = await t.call({
      method: 'POST',
      url: '/api/auth/register',
      token: tokens.admin,
      payload: { username: 'desk.nora', password: 'desk-password-1', role: 'FRONTDESK' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const res = await register(
      { username: 'Desk.Nora', password: 'ignored-pass-1', officeId: 3, firstName: 'Nora', lastName: 'Lind' },
      tokens.admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'desk.nora',
      role: 'FRONTDESK',
      officeId: 3,
      firstName: 'Nora',
    });
    // The account signs in with its own password and now has a profile (and a clock).
    const token = await t.login('desk.nora', 'desk-password-1');
    const own = await t.call({ method: 'GET', url: '/api/doctorinfo/doctor/by-username/desk.nora', token });
    expect(own.statusCode).toBe(200);
    expect(own.json().doctorId).toBe(res.json().doctorId);
    // A second profile for it, or a patient's username, stays a 409.
    const again = await register({ ...valid, username: 'desk.nora' }, tokens.admin);
    expect(again.statusCode).toBe(409);
    expect((await register({ ...valid, username: 'patient' }, tokens.admin)).statusCode).toBe(409);
  });

  it('bad input gets a clear 400 and creates nothing', async () => {
    const before = await counts();
    const cases: [Json, RegExp][] = [
      [{ ...valid, officeId: 999 }, /Office 999 does not exist/],
      [{ ...valid, password: 'short' }, /password/],
      [{ username: 'x1y', password: 'long-enough-1' }, /officeId/],
      [{ ...valid, officeId: '3' }, /officeId/],
      [{ ...valid, username: 'has space' }, /username/],
      [{ ...valid, username: 'ab' }, /username/],
    ];
    for (const [payload, message] of cases) {
      const res = await register(payload, tokens.admin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('PUT /doctorinfo/update/details', () => {
  const update = (query: string, payload: Json, token?: string) =>
    t.call({ method: 'PUT', url: `/api/doctorinfo/update/details?${query}`, token, payload });

  it('needs a staff token', async () => {
    expect((await update('doctorId=1', { firstName: 'A', lastName: 'B' })).statusCode).toBe(401);
    expect((await update('doctorId=1', { firstName: 'A', lastName: 'B' }, tokens.patient)).statusCode).toBe(
      403,
    );
  });

  it('a doctor updates their own record, by id or by username; the record may be sent back as received', async () => {
    const own = (
      await t.call({ method: 'GET', url: '/api/doctorinfo/doctor/by-username/doctor', token: tokens.doctor })
    ).json();
    const res = await update('doctorId=1', { ...own, bio: 'Updated bio.' }, tokens.doctor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ doctorId: 1, bio: 'Updated bio.', specialty: 'Physical Therapist' });

    expect(await uploadTestImage(t, tokens.doctor, 'doctor', 'Maya Photo.png')).toBe('maya-photo.png');
    const byName = await update(
      'username=doctor',
      { firstname: 'Maya', lastname: 'Lindqvist', doctorPicture: 'C:\\fakepath\\Maya Photo.png' },
      tokens.doctor,
    );
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().doctorPicture).toBe('maya-photo.png');
    // Sent back as received (the stored name) it stays.
    const again = await update('doctorId=1', byName.json(), tokens.doctor);
    expect(again.json().doctorPicture).toBe('maya-photo.png');
    expect((await doctorRow(1)).bio).toBe('Updated bio.');
  });

  it("a doctor cannot edit another doctor's record: 404, and nothing changes", async () => {
    const before = await doctorRow(2);
    const byId = await update('doctorId=2', { firstName: 'Hacked', lastName: 'Name' }, tokens.doctor);
    expect(byId.statusCode).toBe(404);
    expect(byId.json().message).toBe(msg.doctorNotFound(2));
    const byName = await update('username=manager', { firstName: 'Hacked', lastName: 'Name' }, tokens.doctor);
    expect(byName.statusCode).toBe(404);
    expect(await doctorRow(2)).toEqual(before);
    expect((await doctorRow(9)).first_name).toBe('Tessa');
  });

  it('a doctor may not change specialty, rating or office (403, nothing changes)', async () => {
    const before = await doctorRow(1);
    for (const change of [{ specialty: 'Acupuncture' }, { rating: 5 }, { officeId: 2 }]) {
      const res = await update(
        'doctorId=1',
        { firstName: 'Maya', lastName: 'Lindqvist', ...change },
        tokens.doctor,
      );
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
    }
    expect(await doctorRow(1)).toEqual(before);
  });

  it('first and last name are required (also when only one is blank)', async () => {
    const before = await doctorRow(1);
    for (const payload of [{}, { firstName: 'Maya' }, { firstName: '  ', lastName: 'Lindqvist' }]) {
      const res = await update('doctorId=1', payload, tokens.doctor);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.namesRequired);
    }
    expect(await doctorRow(1)).toEqual(before);
  });

  it('an ADMIN edits any record, including specialty, rating and office', async () => {
    const res = await update(
      'doctorId=6',
      {
        firstName: 'Jordan',
        lastName: 'Whitaker',
        specialty: 'Massage Therapist, Sports',
        rating: 90,
        officeId: 3,
      },
      tokens.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ specialty: 'Massage Therapist, Sports', rating: 90, officeId: 3 });
  });

  it('a MANAGER edits only their own record', async () => {
    const res = await update('doctorId=2', { firstName: 'X', lastName: 'Y' }, tokens.manager);
    expect(res.statusCode).toBe(404);
    const own = await update(
      'doctorId=9',
      { firstName: 'Tessa', lastName: 'Morgan', bio: 'Hi.' },
      tokens.manager,
    );
    expect(own.statusCode).toBe(200);
  });

  it('bad input is a 400 and changes nothing', async () => {
    const before = await doctorRow(3);
    const cases: [string, Json][] = [
      ['', { firstName: 'A', lastName: 'B' }],
      ['doctorId=abc', { firstName: 'A', lastName: 'B' }],
      ['doctorId=3', { firstName: 'A', lastName: 'B', rating: 101 }],
      ['doctorId=3', { firstName: 'A', lastName: 'B', rating: '5' }],
      ['doctorId=3', { firstName: 'A', lastName: 'B', officeId: 999 }],
      ['doctorId=3', { firstName: 'A', lastName: 'B', specialty: ' ' }],
      ['doctorId=3', { firstName: 'A', lastName: 'B', doctorPicture: '../..' }],
      ['doctorId=3', { firstName: 'A', lastName: 'B', doctorPicture: '../../etc/passwd' }],
      ['doctorId=3', { firstName: 'A', lastName: 'B', doctorPicture: 'never-uploaded.png' }],
    ];
    for (const [query, payload] of cases) {
      const res = await update(query, payload, tokens.admin);
      expect(res.statusCode, `${query} ${JSON.stringify(payload)}`).toBe(400);
    }
    expect(await doctorRow(3)).toEqual(before);
  });

  it('an unknown doctor is a 404', async () => {
    const res = await update('doctorId=999999', { firstName: 'A', lastName: 'B' }, tokens.admin);
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /doctorinfo/update-account', () => {
  const updateAccount = (doctorId: number, payload: Json, token?: string) =>
    t.call({ method: 'PUT', url: `/api/doctorinfo/update-account?doctorId=${doctorId}`, token, payload });

  it('needs a new username or password', async () => {
    const member = await newStaff();
    for (const payload of [{}, { username: '', password: '' }, { username: '  ' }]) {
      const res = await updateAccount(member.doctorId, payload, member.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.newUsernameOrPassword);
    }
  });

  it('refuses patients (403), and another staff member (404) unless ADMIN', async () => {
    const member = await newStaff();
    expect((await updateAccount(member.doctorId, { password: 'new-pass-123' })).statusCode).toBe(401);
    expect(
      (await updateAccount(member.doctorId, { password: 'new-pass-123' }, tokens.patient)).statusCode,
    ).toBe(403);
    const other = await updateAccount(member.doctorId, { password: 'new-pass-123' }, tokens.manager);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(msg.doctorNotFound(member.doctorId));
    // The member's own password still works.
    await t.login(member.username, 'first-pass-1');
  });

  it("an ADMIN's password change revokes the member's sessions; the new password works", async () => {
    const member = await newStaff();
    const res = await updateAccount(member.doctorId, { password: 'admin-set-pass' }, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ doctorId: member.doctorId, username: member.username });
    const stale = await t.call({
      method: 'GET',
      url: `/api/doctorinfo/doctor/by-username/${member.username}`,
      token: member.token,
    });
    expect(stale.statusCode).toBe(401);
    await t.login(member.username, 'admin-set-pass');
  });

  it('changing one’s own password keeps this session and ends the others', async () => {
    const member = await newStaff();
    const otherSession = await t.login(member.username, 'first-pass-1');
    const res = await updateAccount(
      member.doctorId,
      { username: '', password: 'my-new-pass-1' },
      member.token,
    );
    expect(res.statusCode).toBe(200);
    const self = `/api/doctorinfo/doctor/by-username/${member.username}`;
    expect((await t.call({ method: 'GET', url: self, token: member.token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: self, token: otherSession })).statusCode).toBe(401);
    await t.login(member.username, 'my-new-pass-1');
  });

  it('a new username works at the login; a taken one is a 409 and changes nothing', async () => {
    const member = await newStaff();
    const taken = await updateAccount(member.doctorId, { username: 'Manager' }, member.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.duplicateUsername);

    const renamed = await updateAccount(
      member.doctorId,
      { username: `${member.username}-renamed` },
      member.token,
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().username).toBe(`${member.username}-renamed`);
    await t.login(`${member.username}-renamed`, 'first-pass-1');
  });

  it('bad input is a 400 and changes nothing', async () => {
    const member = await newStaff();
    for (const payload of [
      { password: 'short' },
      { username: 'bad name' },
      { username: 'ab' },
      { password: 12345678 },
    ]) {
      const res = await updateAccount(member.doctorId, payload, member.token);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/api/doctorinfo/update-account',
          token: member.token,
          payload: { password: 'new-pass-123' },
        })
      ).statusCode,
    ).toBe(400);
    await t.login(member.username, 'first-pass-1');
  });
});
