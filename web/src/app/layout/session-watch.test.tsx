import { INACTIVITY_LOGOUT_MS, INACTIVITY_WARNING_MS, PATIENT_SESSION_MS } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PatientLoginPage } from '../../features/auth/pages/patient-login-page';
import { apiRequest } from '../../lib/api-client';
import { SESSION_END_NOTICE_KEY } from '../../lib/session-end';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { landmarkRoute, renderWithRouter } from '../../test/render-with-router';
import { SessionWatch } from './session-watch';

const START = new Date('2025-06-09T15:00:00Z');

function signIn(role: string, options: { expiresInMs?: number } = {}) {
  localStorage.setItem('jwt', 'jwt-token');
  localStorage.setItem('role', role);
  localStorage.setItem('username', 'someone');
  if (role === 'PATIENT') {
    localStorage.setItem('patientId', '7');
    localStorage.setItem('sessionExpiry', String(Date.now() + (options.expiresInMs ?? PATIENT_SESSION_MS)));
  }
}

/** The API as the session watch meets it: check-auth says signed in, logout answers 204. */
function mockApi(authenticated = true) {
  return mockFetch((url) => {
    if (url.endsWith('/auth/logout')) return new Response(null, { status: 204 });
    if (url.endsWith('/auth/check-auth')) return jsonResponse({ authenticated });
    return jsonResponse({ error: 'unauthorized', message: MSG.sessionExpired }, 401);
  });
}

function renderApp() {
  return renderWithRouter(
    [
      {
        path: '/',
        element: (
          <>
            <p>home page</p>
            <SessionWatch />
          </>
        ),
      },
      landmarkRoute('/login/patient', 'patient login'),
      landmarkRoute('/login/doctor', 'staff login'),
    ],
    '/',
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const warningDialog = () => screen.queryByRole('dialog', { name: 'Are you still there?' });

afterEach(() => {
  sessionStorage.clear();
});

describe('session timers (spec §4, §9)', () => {
  it('warns after 4 minutes without activity and logs out after 5, to the patient login for a patient', async () => {
    vi.useFakeTimers({ now: START });
    const fetchMock = mockApi();
    signIn('PATIENT');
    const { router } = renderApp();

    await advance(INACTIVITY_WARNING_MS - 1);
    expect(warningDialog()).toBeNull();
    await advance(1);
    expect(warningDialog()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toBeTruthy();

    await advance(INACTIVITY_LOGOUT_MS - INACTIVITY_WARNING_MS - 1);
    expect(router.state.location.pathname).toBe('/');
    await advance(1);
    expect(router.state.location.pathname).toBe('/login/patient');
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(sessionStorage.getItem(SESSION_END_NOTICE_KEY)).toBe('inactivity');
    const logoutCall = fetchMock.mock.calls.find(([url]) => url.endsWith('/auth/logout'));
    expect(logoutCall?.[1].method).toBe('POST');
  });

  it('reads the role before clearing it: staff go to the staff login', async () => {
    vi.useFakeTimers({ now: START });
    mockApi();
    signIn('FRONTDESK');
    const { router } = renderApp();
    await advance(INACTIVITY_LOGOUT_MS);
    expect(router.state.location.pathname).toBe('/login/doctor');
    expect(localStorage.length).toBe(0);
  });

  it('activity postpones the warning; once warned, only Stay signed in counts', async () => {
    vi.useFakeTimers({ now: START });
    const fetchMock = mockApi();
    signIn('DOCTOR');
    const { router } = renderApp();

    await advance(3 * 60_000);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(3 * 60_000);
    expect(warningDialog()).toBeNull();
    // Activity after a minute or more is reported to the server, which keeps its session alive.
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/auth/check-auth'))).toBe(true);
    await advance(60_000);
    expect(warningDialog()).not.toBeNull();

    fireEvent.pointerDown(window);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(0);
    expect(warningDialog()).toBeNull();
    await advance(INACTIVITY_WARNING_MS - 1);
    expect(warningDialog()).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    await advance(1);
    expect(warningDialog()).not.toBeNull();
  });

  it('ends a patient session 30 minutes after login even while the patient is active', async () => {
    vi.useFakeTimers({ now: START });
    mockApi();
    signIn('PATIENT');
    const { router } = renderApp();
    for (let minute = 1; minute < 30; minute += 1) {
      await advance(60_000);
      fireEvent.pointerDown(window);
    }
    expect(router.state.location.pathname).toBe('/');
    await advance(60_000);
    expect(router.state.location.pathname).toBe('/login/patient');
    expect(sessionStorage.getItem(SESSION_END_NOTICE_KEY)).toBe('expired');
  });

  it('an already expired patient session ends at once', async () => {
    vi.useFakeTimers({ now: START });
    mockApi();
    signIn('PATIENT', { expiresInMs: -1000 });
    const { router } = renderApp();
    await advance(0);
    expect(router.state.location.pathname).toBe('/login/patient');
  });

  it('a 401 from the API while signed in ends the session as expired', async () => {
    vi.useFakeTimers({ now: START });
    mockApi();
    signIn('MANAGER');
    const { router } = renderApp();
    await act(async () => {
      await apiRequest('/patientinfo/1').catch(() => undefined);
    });
    await advance(0);
    expect(router.state.location.pathname).toBe('/login/doctor');
    expect(sessionStorage.getItem(SESSION_END_NOTICE_KEY)).toBe('expired');
  });

  it('the server saying the session is gone when activity is reported ends it too', async () => {
    vi.useFakeTimers({ now: START });
    mockApi(false);
    signIn('PATIENT');
    const { router } = renderApp();
    await advance(2 * 60_000);
    fireEvent.keyDown(window, { key: 'x' });
    await advance(0);
    expect(router.state.location.pathname).toBe('/login/patient');
    expect(sessionStorage.getItem(SESSION_END_NOTICE_KEY)).toBe('expired');
  });

  it('does nothing while signed out', async () => {
    vi.useFakeTimers({ now: START });
    const fetchMock = mockApi();
    const { router } = renderApp();
    await advance(INACTIVITY_LOGOUT_MS * 2);
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the login page after the redirect', () => {
  it.each([
    ['inactivity', MSG.loggedOutInactivity],
    ['expired', MSG.sessionExpired],
  ])('says why the session ended (%s), once', async (reason, text) => {
    sessionStorage.setItem(SESSION_END_NOTICE_KEY, reason);
    const first = renderWithRouter(
      [{ path: '/login/patient', element: <PatientLoginPage /> }],
      '/login/patient',
    );
    expect(screen.getByRole('status').textContent).toBe(text);
    first.unmount();
    renderWithRouter([{ path: '/login/patient', element: <PatientLoginPage /> }], '/login/patient');
    expect(screen.queryByText(text)).toBeNull();
  });
});
