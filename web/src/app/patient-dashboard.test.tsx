import type { InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { MSG } from '@clinic/contract/messages';
import type { PatientPermissions } from '@clinic/contract/patient-permissions';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isImplementedPath } from '../lib/page-paths';
import { patientFixture } from '../test/directory-fixtures';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderWithRouter } from '../test/render-with-router';
import { PatientDashboardRoute } from './patient-dashboard-panels';

const EMILY = patientFixture();

const PREFERENCES: PatientPermissions = {
  permissionId: 70,
  patientId: 7,
  email: 'emily@mail.example',
  phone: '(303) 555-0161',
  allowPromotionText: false,
  allowPromotionEmail: true,
  allowAppointmentReminderText: true,
  allowAppointmentReminderEmail: true,
  allowAuthorizationReminderText: false,
  allowAuthorizationReminderEmail: true,
};

const INSURANCE: InsurancePatientRecord[] = [
  {
    insptId: 31,
    patientId: 7,
    insId: 4,
    insName: 'Lindqvist Mutual',
    subscriber: 'Emily Carter',
    active: 'visit',
    coPay: 25,
    notes: '',
  },
];

interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** A fake API for the dashboard's calls; `overrides` replace an answer by "METHOD /path". */
function mockDashboardApi(
  overrides: Record<string, (call: Call) => Response> = {},
  preferences: PatientPermissions | null = PREFERENCES,
) {
  const calls: Call[] = [];
  const fetchMock = mockFetch((url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      search: parsed.search,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    };
    calls.push(call);
    const override = overrides[`${call.method} ${call.path}`];
    if (override) return override(call);
    if (call.path === '/api/patientinfo/7') return jsonResponse(EMILY);
    if (call.path === '/api/points-bank/7')
      return jsonResponse({ pointsBankId: 5, patientId: 7, totalPoints: 12 });
    if (call.path === '/api/insurancePatientInfo/patient/7') return jsonResponse(INSURANCE);
    if (call.path === '/api/ratings/appointment/all/7') return jsonResponse([]);
    if (call.path === '/api/patient-permissions/patient/7') {
      return preferences
        ? jsonResponse(preferences)
        : jsonResponse({ error: 'not_found', message: 'none' }, 404);
    }
    return jsonResponse({ error: 'not_found', message: `unexpected ${call.method} ${call.path}` }, 404);
  });
  return { calls, fetchMock };
}

function signIn(role: string, patientId: string | null) {
  localStorage.setItem('jwt', 'token');
  localStorage.setItem('role', role);
  localStorage.setItem('username', role === 'PATIENT' ? 'patient' : 'frontdesk');
  if (patientId !== null) localStorage.setItem('patientId', patientId);
}

function renderDashboard(path = '/dashboard/patient') {
  return renderWithRouter([{ path: '/dashboard/patient', element: <PatientDashboardRoute /> }], path);
}

const profile = () => screen.getByRole('region', { name: /Profile|Edit details|Edit account/ });

describe('patient dashboard', () => {
  it('asks a signed-out visitor to sign in and come back, with a waitlist offer link kept (issue 28)', () => {
    mockDashboardApi();
    renderDashboard('/dashboard/patient?offer=12');
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute(
      'href',
      `/login/patient?next=${encodeURIComponent('/dashboard/patient?offer=12')}`,
    );
  });

  it("staff without a stored patient id see 'No patient ID found in local storage.'", () => {
    const { fetchMock } = mockDashboardApi();
    signIn('FRONTDESK', null);
    renderDashboard();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.noPatientIdStored);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('staff see the stored patient read-only: no edit buttons, preferences as a summary', async () => {
    mockDashboardApi();
    signIn('MANAGER', '7');
    renderDashboard();
    expect(await screen.findByText(/Viewing the record of/)).toHaveTextContent('Emily Carter');
    expect(within(profile()).getByText('emily@mail.example')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit account' })).not.toBeInTheDocument();
    expect(await screen.findByText('12')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Communication preferences' }));
    const table = await screen.findByRole('table', { name: /Messages the patient agreed/ });
    expect(within(table).getByRole('row', { name: /Promotions/ })).toHaveTextContent('Not allowedAllowed');
    expect(screen.queryByRole('button', { name: 'Save preferences' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // A manager reads what went out under these preferences.
    expect(screen.getByRole('link', { name: 'Messages sent to Emily' })).toHaveAttribute(
      'href',
      '/messages?patientId=7',
    );
  });

  it('the front desk, which cannot read the outbox, is not offered the messages link', async () => {
    mockDashboardApi();
    signIn('FRONTDESK', '7');
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Communication preferences' }));
    await screen.findByRole('table', { name: /Messages the patient agreed/ });
    expect(screen.queryByRole('link', { name: /Messages sent to/ })).not.toBeInTheDocument();
  });

  it('shows the insurance after the points; only ADMIN and MANAGER may edit it', async () => {
    mockDashboardApi();
    signIn('MANAGER', '7');
    const { unmount } = renderDashboard();
    const insurance = await screen.findByRole('region', { name: 'Insurance' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.slice(0, 3)).toEqual(['Profile', 'Reward points', 'Insurance']);
    expect(
      await within(insurance).findByRole('button', { name: 'Edit Lindqvist Mutual record' }),
    ).toBeInTheDocument();
    unmount();

    signIn('PATIENT', '7');
    renderDashboard();
    const own = await screen.findByRole('region', { name: 'Insurance' });
    expect(await within(own).findByRole('article', { name: 'Lindqvist Mutual' })).toBeInTheDocument();
    expect(within(own).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the total points, and View Receipt only once the receipts page exists', async () => {
    mockDashboardApi();
    signIn('PATIENT', '7');
    renderDashboard();
    const points = await screen.findByRole('region', { name: 'Reward points' });
    expect(await within(points).findByText('12')).toBeInTheDocument();
    const link = within(points).queryByRole('link', { name: 'View Receipt' });
    if (isImplementedPath('/patientreceipt'))
      expect(link).toHaveAttribute('href', '/patientreceipt?patientId=7');
    else expect(link).toBeNull();
  });

  it('the patient edits their details: sent with phone, success message, summary updated', async () => {
    const { calls } = mockDashboardApi({
      'PUT /api/patientinfo/update-details': (call) =>
        jsonResponse({
          ...EMILY,
          lastName: 'Carter-Hughes',
          phoneNumber: (call.body as { phone: string }).phone,
        }),
    });
    signIn('PATIENT', '7');
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: 'Edit details' });
    fireEvent.input(within(form).getByLabelText(/Last name/), { target: { value: ' Carter-Hughes ' } });
    fireEvent.input(within(form).getByLabelText(/Phone/), { target: { value: '303-555-0100' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText(MSG.detailsUpdated)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/patientinfo/update-details');
    expect(put.search).toBe('?patientId=7&username=patient');
    expect(put.body).toEqual({
      firstName: 'Emily',
      lastName: 'Carter-Hughes',
      email: 'emily@mail.example',
      phone: '303-555-0100',
      dateOfBirth: '1988-04-12',
      sex: 'Female',
      notes: 'Runner',
    });
    expect(within(profile()).getByText('Emily Carter-Hughes')).toBeInTheDocument();
  });

  it('invalid details are caught before sending; a server refusal shows the spec error text', async () => {
    const { calls } = mockDashboardApi({
      'PUT /api/patientinfo/update-details': () =>
        jsonResponse({ error: 'conflict', message: MSG.duplicateEmail }, 409),
    });
    signIn('PATIENT', '7');
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: 'Edit details' });
    fireEvent.input(within(form).getByLabelText(/Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(within(form).getByText('Enter a valid email address.', { selector: 'p' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.input(within(form).getByLabelText(/Email/), { target: { value: 'james@mail.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      `Error saving details: ${MSG.duplicateEmail}`,
    );
  });

  it('the patient changes the account; only what changed is sent', async () => {
    const { calls } = mockDashboardApi({
      'PUT /api/patientinfo/update-account': () => jsonResponse({ ...EMILY, username: 'emily.c' }),
    });
    signIn('PATIENT', '7');
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit account' }));
    const form = screen.getByRole('form', { name: 'Edit account' });
    fireEvent.input(within(form).getByLabelText('Username'), { target: { value: 'emily.c' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save account' }));
    expect(await screen.findByText(MSG.accountUpdated)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.search).toBe('?patientId=7');
    expect(put.body).toEqual({ username: 'emily.c', password: '', email: '' });
    expect(localStorage.getItem('username')).toBe('emily.c');
  });

  it("an account refusal shows 'Error updating account: ...'", async () => {
    mockDashboardApi({
      'PUT /api/patientinfo/update-account': () =>
        jsonResponse({ error: 'conflict', message: MSG.duplicateUsername }, 409),
    });
    signIn('PATIENT', '7');
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit account' }));
    const form = screen.getByRole('form', { name: 'Edit account' });
    fireEvent.input(within(form).getByLabelText('Username'), { target: { value: 'patient2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save account' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      `Error updating account: ${MSG.duplicateUsername}`,
    );
  });

  it('preferences: a disclosure button opens them; the patient saves with the permission id', async () => {
    const { calls } = mockDashboardApi({
      'PUT /api/patient-permissions/70': (call) => jsonResponse({ ...PREFERENCES, ...(call.body as object) }),
    });
    signIn('PATIENT', '7');
    renderDashboard();
    const toggle = await screen.findByRole('button', { name: 'Communication preferences' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const promotions = await screen.findByRole('group', { name: 'Promotions' });
    const text = within(promotions).getByRole('checkbox', { name: 'Text messages' });
    expect(text).not.toBeChecked();
    expect(within(promotions).getByRole('checkbox', { name: 'Emails' })).toBeChecked();
    fireEvent.click(text);
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));

    expect(await screen.findByText(MSG.preferencesUpdated)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/patient-permissions/70');
    expect(put.body).toMatchObject({
      allowPromotionText: true,
      allowPromotionEmail: true,
      email: 'emily@mail.example',
    });

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it("a failed save shows 'Failed to update preferences: ...'; a record without an id 'Permission ID missing.'", async () => {
    mockDashboardApi({
      'PUT /api/patient-permissions/70': () => jsonResponse({ error: 'bad_request', message: 'Nope.' }, 400),
    });
    signIn('PATIENT', '7');
    const first = renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Communication preferences' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update preferences: Nope.');
    first.unmount();

    const { calls } = mockDashboardApi({}, { ...PREFERENCES, permissionId: 0 });
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Communication preferences' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.permissionIdMissing);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('a patient without preferences yet creates them on the first save, from the profile contacts', async () => {
    const { calls } = mockDashboardApi(
      {
        'POST /api/patient-permissions/add': (call) =>
          jsonResponse({ ...PREFERENCES, ...(call.body as object) }, 201),
      },
      null,
    );
    signIn('PATIENT', '7');
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Communication preferences' }));
    const reminders = await screen.findByRole('group', { name: 'Appointment reminders' });
    expect(within(reminders).getByRole('checkbox', { name: 'Emails' })).not.toBeChecked();
    fireEvent.click(within(reminders).getByRole('checkbox', { name: 'Emails' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText(MSG.preferencesUpdated)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      allowAppointmentReminderEmail: true,
      email: 'emily@mail.example',
      phone: '(303) 555-0161',
    });
  });

  it("a load failure shows 'Failed to load data: ...'", async () => {
    mockDashboardApi({
      'GET /api/patientinfo/7': () => jsonResponse({ error: 'not_found', message: 'Not found.' }, 404),
    });
    signIn('PATIENT', '7');
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Not found.');
  });
});
