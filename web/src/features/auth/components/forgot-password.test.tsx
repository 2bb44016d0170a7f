import { LOGIN_REDIRECT_MS } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { summaryProblems } from '../../../test/error-summary';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { landmarkRoute, renderWithRouter } from '../../../test/render-with-router';
import { PatientLoginPage } from '../pages/patient-login-page';

function renderLogin() {
  return renderWithRouter(
    [{ path: '/login/patient', element: <PatientLoginPage /> }, landmarkRoute('/', 'home page')],
    '/login/patient',
  );
}

function openPanel() {
  fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
  return screen.getByRole('region', { name: 'Reset your password' });
}

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('forgot password on the patient login', () => {
  it('requests a code, resets the password with it, then signs in with the new password', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/patientinfo/request-reset')) return jsonResponse({ success: true, message: 'sent' });
      if (url.endsWith('/patientinfo/verify-code')) return jsonResponse({ success: true, message: 'reset' });
      if (url.endsWith('/patientinfo/login'))
        return jsonResponse({
          token: 'jwt-new',
          username: 'maria',
          role: 'PATIENT',
          expiresAt: 'x',
          patientId: 4,
        });
      return jsonResponse({}, 404);
    });
    const { router } = renderLogin();
    const panel = openPanel();

    fireEvent.input(within(panel).getByLabelText(/Username/), { target: { value: ' maria ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send verification code' }));
    expect(within(panel).getByRole('status').textContent).toBe(MSG.requestingResetCode);
    await settle();
    expect(within(panel).getByRole('status').textContent).toBe(MSG.verificationCodeSent);

    fireEvent.input(within(panel).getByLabelText(/Verification code/), { target: { value: '123456' } });
    fireEvent.input(within(panel).getByLabelText(/New password/), { target: { value: 'brand-new-pass' } });
    expect(within(panel).getByText(MSG.passwordHint)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Reset password' }));
    expect(within(panel).getByRole('status').textContent).toBe(MSG.resettingPassword);
    await settle();

    const bodies = fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(init.body as string)]);
    expect(bodies).toEqual([
      ['/api/patientinfo/request-reset', { username: 'maria' }],
      ['/api/patientinfo/verify-code', { username: 'maria', code: '123456', newPassword: 'brand-new-pass' }],
      ['/api/patientinfo/login', { username: 'maria', password: 'brand-new-pass' }],
    ]);
    expect(localStorage.getItem('jwt')).toBe('jwt-new');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_MS);
    });
    expect(router.state.location.pathname).not.toBe('/login/patient');
  });

  it('shows "Password reset successful. Logging in..." between the reset and the sign-in', async () => {
    let finishLogin: (r: Response) => void = () => {};
    mockFetch((url) => {
      if (url.endsWith('/patientinfo/login'))
        return new Promise<Response>((resolve) => (finishLogin = resolve));
      return jsonResponse({ success: true, message: 'ok' });
    });
    renderLogin();
    const panel = openPanel();
    fireEvent.input(within(panel).getByLabelText(/Username/), { target: { value: 'maria' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Send verification code' }));
    });
    fireEvent.input(await within(panel).findByLabelText(/Verification code/), {
      target: { value: '654321' },
    });
    fireEvent.input(within(panel).getByLabelText(/New password/), { target: { value: 'brand-new-pass' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Reset password' }));
    });
    expect((await within(panel).findByText(MSG.passwordResetSuccessful)).getAttribute('role')).toBe('status');
    await act(async () =>
      finishLogin(jsonResponse({ token: 't', username: 'maria', role: 'PATIENT', expiresAt: 'x' })),
    );
  });

  it('shows the server message when the code is refused, or the spec fallback', async () => {
    let verifyAnswer = jsonResponse({ error: 'invalid_code', message: 'The code is not valid.' }, 400);
    mockFetch((url) => {
      if (url.endsWith('/patientinfo/verify-code')) return verifyAnswer;
      return jsonResponse({ success: true, message: 'ok' });
    });
    renderLogin();
    const panel = openPanel();
    fireEvent.input(within(panel).getByLabelText(/Username/), { target: { value: 'maria' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Send verification code' }));
    });
    fireEvent.input(await within(panel).findByLabelText(/Verification code/), {
      target: { value: '000000' },
    });
    fireEvent.input(within(panel).getByLabelText(/New password/), { target: { value: 'brand-new-pass' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Reset password' }));
    });
    expect(summaryProblems(await within(panel).findByRole('alert'))).toEqual(['The code is not valid.']);

    verifyAnswer = new Response('', { status: 502 });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Reset password' }));
    });
    expect(summaryProblems(await within(panel).findByRole('alert'))).toEqual(['HTTP 502']);
  });

  it('says "Failed to send reset code" when the server cannot be reached', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderLogin();
    const panel = openPanel();
    fireEvent.input(within(panel).getByLabelText(/Username/), { target: { value: 'maria' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Send verification code' }));
    });
    expect(summaryProblems(await within(panel).findByRole('alert'))).toEqual([MSG.failedToSendResetCode]);
  });
});

describe('forgot password when the network fails during the reset', () => {
  it("falls back to 'Failed to reset password.'", async () => {
    mockFetch((url) => {
      if (url.endsWith('/patientinfo/verify-code')) throw new TypeError('Failed to fetch');
      return jsonResponse({ success: true, message: 'ok' });
    });
    renderLogin();
    const panel = openPanel();
    fireEvent.input(within(panel).getByLabelText(/Username/), { target: { value: 'maria' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Send verification code' }));
    });
    fireEvent.input(await within(panel).findByLabelText(/Verification code/), {
      target: { value: '000000' },
    });
    fireEvent.input(within(panel).getByLabelText(/New password/), { target: { value: 'brand-new-pass' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Reset password' }));
    });
    expect(summaryProblems(await within(panel).findByRole('alert'))).toEqual([MSG.failedToResetPassword]);
  });
});
