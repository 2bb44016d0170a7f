import { MSG } from '@clinic/contract/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { DoctorDashboardPage } from './doctor-dashboard-page';

const MAYA = {
  doctorId: 1,
  officeId: 1,
  officeName: 'Summit PT Denver Highlands',
  firstName: 'Maya',
  lastName: 'Lopez',
  specialty: 'Physical Therapist',
  bio: 'Sports rehab.',
  doctorPicture: '',
  rating: 100,
  username: 'doctor',
};

function signIn(role: string) {
  localStorage.setItem('jwt', 'token-1');
  localStorage.setItem('role', role);
  localStorage.setItem('username', 'doctor');
}

/** A fake server holding one clock: out, in, on break, as §4 says. */
function clockServer(options: { statusFails?: boolean; logFails?: boolean; specialty?: string } = {}) {
  let clockedIn = false;
  let onBreak = false;
  const logs: Record<string, unknown>[] = [];
  const calls: string[] = [];
  const fetchMock = mockFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (url === '/api/doctorinfo/doctor/by-username/doctor') {
      return jsonResponse({ ...MAYA, specialty: options.specialty ?? MAYA.specialty });
    }
    if (url === '/api/doctor-clock/status/1') {
      return options.statusFails ? jsonResponse({ message: 'x' }, 500) : jsonResponse({ clockedIn, onBreak });
    }
    if (url === '/api/doctor-clock/logs/today/1') {
      return options.logFails ? jsonResponse({ message: 'x' }, 500) : jsonResponse(logs);
    }
    if (url.startsWith('/api/doctorinfo/update-account') && method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { username?: string };
      return jsonResponse({ doctorId: 1, username: body.username ?? 'doctor' });
    }
    const action = url.match(/^\/api\/doctor-clock\/([a-z-]+)\/1$/)?.[1];
    if (method === 'POST' && action) {
      if (action === 'clock-in') {
        clockedIn = true;
        logs.push({
          id: 1,
          doctorId: 1,
          workDate: '2026-11-22',
          clockIn: '2026-11-22T15:00:00.000Z',
          clockOut: null,
          totalWorked: null,
          breaks: [],
        });
      }
      if (action === 'start-break') onBreak = true;
      if (action === 'end-break') onBreak = false;
      if (action === 'clock-out') {
        clockedIn = false;
        onBreak = false;
        Object.assign(logs[0]!, { clockOut: '2026-11-22T23:30:00.000Z', totalWorked: 480 });
      }
      return jsonResponse(logs[0]);
    }
    return jsonResponse({ message: 'unexpected' }, 404);
  });
  return { fetchMock, calls };
}

const renderPage = () =>
  renderWithRouter([{ path: '/dashboard/doctor', element: <DoctorDashboardPage /> }], '/dashboard/doctor');

const buttonNames = () =>
  within(screen.getByRole('region', { name: 'Time clock' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('Doctor dashboard (spec §2, §4 Doctor clock)', () => {
  it('shows the profile and a clock whose buttons follow the state: out, in, on break, out', async () => {
    signIn('DOCTOR');
    const { calls } = clockServer();
    renderPage();
    expect(await screen.findByText('Maya Lopez')).toBeTruthy();
    expect(screen.getByText('Summit PT Denver Highlands')).toBeTruthy();
    expect(screen.getByRole('img', { name: /^Current time / })).toBeTruthy();
    expect(await screen.findByText('No time recorded today.')).toBeTruthy();
    await waitFor(() => expect(buttonNames()).toEqual(['Clock In']));

    fireEvent.click(screen.getByRole('button', { name: 'Clock In' }));
    await waitFor(() => expect(buttonNames()).toEqual(['Break', 'Clock Out']));
    expect(calls).toContain('POST /api/doctor-clock/clock-in/1');
    expect(await screen.findByText('Still clocked in')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Break' }));
    await waitFor(() => expect(buttonNames()).toEqual(['Resume', 'Clock Out']));
    expect(screen.getByText('On break')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(buttonNames()).toEqual(['Break', 'Clock Out']));

    fireEvent.click(screen.getByRole('button', { name: 'Clock Out' }));
    await waitFor(() => expect(buttonNames()).toEqual(['Clock In']));
    expect(await screen.findByText('8 h 0 min')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/doctor-clock/clock-in/1',
      'POST /api/doctor-clock/start-break/1',
      'POST /api/doctor-clock/end-break/1',
      'POST /api/doctor-clock/clock-out/1',
    ]);
  });

  it("shows a role kept as the specialty in people's words, never the code", async () => {
    signIn('ADMIN');
    clockServer({ specialty: 'FRONT_DESK' });
    renderPage();
    expect(await screen.findByText('Front desk')).toBeTruthy();
    expect(screen.queryByText('FRONT_DESK')).toBeNull();
  });

  it("changes the staff member's own password; with nothing new it says so in the spec's words", async () => {
    signIn('DOCTOR');
    const { calls, fetchMock } = clockServer();
    renderPage();
    const card = await screen.findByRole('region', { name: 'Sign-in details' });
    fireEvent.click(within(card).getByRole('button', { name: 'Change username or password' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Save sign-in details' }));
    expect(await within(card).findByText(MSG.newUsernameOrPassword)).toBeTruthy();
    expect(calls.some((c) => c.includes('update-account'))).toBe(false);

    fireEvent.input(within(card).getByLabelText(/^New password/), { target: { value: 'a-new-password-9' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save sign-in details' }));
    expect(await within(card).findByText('Your sign-in details are updated.')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/doctorinfo/update-account'));
    expect(put?.[0]).toBe('/api/doctorinfo/update-account?doctorId=1');
    expect(JSON.parse(String(put?.[1].body))).toEqual({ password: 'a-new-password-9' });
  });

  it("says 'Failed to fetch clock status' and 'Failed to fetch today's log' when they cannot be loaded", async () => {
    signIn('FRONTDESK');
    clockServer({ statusFails: true, logFails: true });
    renderPage();
    expect(await screen.findByText(MSG.failedToFetchClockStatus)).toBeTruthy();
    expect(await screen.findByText(MSG.failedToFetchTodaysLog)).toBeTruthy();
  });

  it('edits the profile: names are required; saving says Doctor Info Updated', async () => {
    signIn('DOCTOR');
    const { fetchMock } = clockServer();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const first = screen.getByLabelText(/First name/);
    fireEvent.input(first, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.namesRequired, { selector: 'p' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PUT')).toBe(false);

    fetchMock.mockImplementation(async (url, init) =>
      init.method === 'PUT'
        ? jsonResponse({ ...MAYA, firstName: 'Mia', bio: 'New bio.' })
        : jsonResponse(
            url.includes('by-username')
              ? MAYA
              : url.includes('today')
                ? []
                : { clockedIn: false, onBreak: false },
          ),
    );
    fireEvent.input(first, { target: { value: 'Mia' } });
    fireEvent.input(screen.getByLabelText(/Bio/), { target: { value: 'New bio.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.doctorInfoUpdated)).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT')!;
    expect(put[0]).toBe('/api/doctorinfo/update/details?doctorId=1');
    expect(JSON.parse(String(put[1].body))).toEqual({
      firstName: 'Mia',
      lastName: 'Lopez',
      bio: 'New bio.',
      doctorPicture: '',
    });
  });

  it('is for staff: a patient and a visitor are refused', async () => {
    signIn('PATIENT');
    clockServer();
    const view = renderPage();
    expect(await screen.findByText('The doctor dashboard is for staff.')).toBeTruthy();
    view.unmount();
    localStorage.clear();
    renderPage();
    expect(await screen.findByText('The doctor dashboard is for staff.')).toBeTruthy();
  });
});
