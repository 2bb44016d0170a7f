import { LOGIN_REDIRECT_MS, PATIENT_SESSION_MS } from '@clinic/contract/constants';
import { MSG, msg } from '@clinic/contract/messages';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { summaryProblems } from '../../../test/error-summary';
import { headersOf, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { landmarkRoute, renderWithRouter } from '../../../test/render-with-router';
import { signInAs } from '../../../test/sign-in';
import { PatientLoginPage } from './patient-login-page';
import { StaffLoginPage } from './staff-login-page';

function renderLogin(path: '/login/patient' | '/login/doctor') {
  return renderWithRouter(
    [
      { path: '/login/patient', element: <PatientLoginPage /> },
      { path: '/login/doctor', element: <StaffLoginPage /> },
      landmarkRoute('/', 'home page'),
      landmarkRoute('/dashboard/patient', 'patient dashboard'),
      landmarkRoute('/dashboard/doctor', 'doctor dashboard'),
    ],
    path,
  );
}

async function submit(username: string, password: string) {
  fireEvent.input(screen.getByLabelText(/Username/), { target: { value: username } });
  fireEvent.input(screen.getByLabelText(/Password/), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  });
}

/** Lets the mocked fetch and the mutation's callbacks settle under fake timers. */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('login pages', () => {
  it('signs a patient in: stores the session, says so, and redirects after 1.5 s', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-09T15:00:00Z') });
    const fetchMock = mockFetch(() =>
      jsonResponse({
        token: 'jwt-abc',
        username: 'maria',
        role: 'PATIENT',
        expiresAt: '2025-06-09T15:30:00Z',
        patientId: 42,
      }),
    );
    const userUpdated = vi.fn();
    window.addEventListener('user-updated', userUpdated);
    const { router } = renderLogin('/login/patient');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Patient Login');
    expect(document.title).toContain('Patient Login');

    await submit('  maria ', 'secret-pass');
    await settle();

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/patientinfo/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'maria', password: 'secret-pass' });
    expect(headersOf(init).Authorization).toBeUndefined();

    expect(screen.getByRole('status').textContent).toBe(MSG.loginSuccessful);
    expect(localStorage.getItem('jwt')).toBe('jwt-abc');
    expect(localStorage.getItem('role')).toBe('PATIENT');
    expect(localStorage.getItem('username')).toBe('maria');
    expect(localStorage.getItem('patientId')).toBe('42');
    expect(Number(localStorage.getItem('sessionExpiry'))).toBe(Date.now() + PATIENT_SESSION_MS);
    expect(userUpdated).toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);
    window.removeEventListener('user-updated', userUpdated);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_MS - 1);
    });
    expect(router.state.location.pathname).toBe('/login/patient');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(router.state.location.pathname).toBe('/dashboard/patient');
    expect(screen.getByText('patient dashboard')).toBeTruthy();
  });

  it('returns to the page that asked for the sign-in (?next=), but never to another site', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-09T15:00:00Z') });
    mockFetch(() => jsonResponse({ token: 'jwt-abc', username: 'maria', role: 'PATIENT', patientId: 42 }));
    const routes = [
      { path: '/login/patient', element: <PatientLoginPage /> },
      landmarkRoute('/appointments', 'booking form'),
      landmarkRoute('/dashboard/patient', 'patient dashboard'),
    ];
    const { router } = renderWithRouter(routes, '/login/patient?next=%2Fappointments');
    expect(screen.getByRole('link', { name: 'Create your account' }).getAttribute('href')).toBe(
      '/register/patient?next=%2Fappointments',
    );
    await submit('maria', 'pw');
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_MS);
    });
    expect(router.state.location.pathname).toBe('/appointments');
    vi.useRealTimers();

    window.localStorage.clear();
    vi.useFakeTimers({ now: new Date('2025-06-09T15:00:00Z') });
    const other = renderWithRouter(routes, '/login/patient?next=https%3A%2F%2Fevil.example');
    await submit('maria', 'pw');
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_MS);
    });
    expect(other.router.state.location.pathname).toBe('/dashboard/patient');
    vi.useRealTimers();
  });

  it('signs staff in through the staff endpoint and stores the doctor id', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch(() =>
      jsonResponse({
        token: 'jwt-staff',
        username: 'drlee',
        role: 'ROLE_DOCTOR',
        expiresAt: 'x',
        doctorId: 9,
      }),
    );
    renderLogin('/login/doctor');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Staff Login');

    await submit('drlee', 'pw');
    await settle();

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/doctorinfo/doctor/login');
    expect(screen.getByRole('status').textContent).toBe(MSG.loginSuccessful);
    expect(localStorage.getItem('role')).toBe('DOCTOR');
    expect(localStorage.getItem('doctorId')).toBe('9');
    expect(localStorage.getItem('patientId')).toBeNull();
    expect(localStorage.getItem('sessionExpiry')).toBeNull();
  });

  it('shows the red alert and stores nothing when the credentials are refused', async () => {
    vi.useFakeTimers();
    mockFetch(() =>
      jsonResponse({ error: 'invalid_credentials', message: 'Invalid username or password' }, 401),
    );
    const { router } = renderLogin('/login/patient');

    await submit('maria', 'wrong');
    await settle();

    const alert = screen.getByRole('alert');
    expect(summaryProblems(alert)).toEqual([MSG.loginFailed]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(localStorage.getItem('jwt')).toBeNull();
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_MS * 2);
    });
    expect(router.state.location.pathname).toBe('/login/patient');
  });

  it('a sign-in held back by the throttle says how long to wait, not that the password is wrong', async () => {
    mockFetch(() => jsonResponse({ error: 'too_many_requests', message: msg.signInThrottled(120) }, 429));
    renderLogin('/login/patient');
    await submit('maria', 'right-one');
    const alert = await screen.findByRole('alert');
    expect(summaryProblems(alert)).toEqual([
      'Too many sign-in attempts. Please wait 2 minutes and try again, or reset your password with "Forgot password?".',
    ]);
    expect(alert.textContent).not.toBe(MSG.loginFailed);
  });

  it('tells someone already signed in so, with their dashboard and sign-out, which then shows the form', async () => {
    signInAs('PATIENT', 3);
    const fetchMock = mockFetch(() => new Response(null, { status: 204 }));
    const { router } = renderLogin('/login/doctor');
    expect(screen.getByRole('status').textContent).toBe('You are signed in as patient.');
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard/patient',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText(/Password/)).toBeTruthy();
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/logout');
    expect(router.state.location.pathname).toBe('/login/doctor');
  });

  it('disables the button while the request is under way', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderLogin('/login/patient');

    await submit('maria', 'pw');
    const button = (await screen.findByRole('button', { name: /Signing in/ })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    await act(async () => answer(jsonResponse({ message: 'nope' }, 401)));
    expect(summaryProblems(await screen.findByRole('alert'))).toEqual([MSG.loginFailed]);
  });

  it('links each login page to the other', async () => {
    renderLogin('/login/patient');
    fireEvent.click(screen.getByRole('link', { name: 'Go to the staff login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the patient login' }).getAttribute('href')).toBe(
      '/login/patient',
    );
  });
});
