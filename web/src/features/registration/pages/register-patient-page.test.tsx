import { MSG } from '@clinic/contract/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { summaryProblems } from '../../../test/error-summary';
import { headersOf, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { landmarkRoute, renderWithRouter } from '../../../test/render-with-router';
import { signInAs } from '../../../test/sign-in';
import { RegisterPatientPage } from './register-patient-page';

const CAPTCHA_REQUIRED = {
  error: 'forbidden',
  message: 'Please complete the captcha.',
  action: 'captcha_required',
};

function challenge(type: 'rotate' | 'slider' | 'click', id = '11111111-2222-4333-8444-555555555555') {
  return {
    challengeId: id,
    hmac: `sig-${id}`,
    type,
    payload: {
      width: 320,
      height: 180,
      hint:
        type === 'rotate'
          ? 'Rotate upright'
          : type === 'slider'
            ? 'Slide the piece into the gap'
            : 'Click the star',
      imageUrl: `/api/patientinfo/captcha/render/${id}.png`,
      ...(type === 'slider' ? { piece: { y: 40, size: 44 } } : {}),
    },
  };
}

/** The server's answer to a registration of 'rosa.d'. */
const REGISTERED = {
  success: true,
  message: MSG.registrationSuccessful,
  patientId: 9,
  username: 'rosa.d',
  totalPoints: 5,
};

function renderPage() {
  return renderWithRouter(
    [{ path: '/register/patient', element: <RegisterPatientPage /> }],
    '/register/patient',
  );
}

function fillForm() {
  const fill = (label: RegExp, value: string) =>
    fireEvent.input(screen.getByLabelText(label), { target: { value } });
  fill(/^Username/, '  rosa.d ');
  fill(/^Password/, 'short');
  fill(/^First name/, ' Rosa ');
  fill(/^Last name/, 'Delgado');
  fill(/^Date of birth/, '1988-04-12');
  fireEvent.change(screen.getByLabelText(/^Sex/), { target: { value: 'Female' } });
  fill(/^Email/, 'rosa@example.com');
  fill(/^Phone number/, '555-010-2233');
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  });
}

type Call = [string, RequestInit];
const callsTo = (calls: Call[], part: string) => calls.filter(([url]) => url.includes(part));

describe('patient registration', () => {
  it('signs a patient who registered from the booking form in and takes them back to it', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.includes('/register/credentials')) {
        return jsonResponse(REGISTERED, 201);
      }
      if (url.includes('/patientinfo/login')) {
        return jsonResponse({ token: 'jwt-new', username: 'rosa.d', role: 'PATIENT', patientId: 9 });
      }
      return jsonResponse({}, 404);
    });
    renderWithRouter(
      [
        { path: '/register/patient', element: <RegisterPatientPage /> },
        landmarkRoute('/appointments', 'booking form'),
      ],
      '/register/patient?next=%2Fappointments',
    );
    fillForm();
    fireEvent.input(screen.getByLabelText(/^Password/), { target: { value: 'a-long-password-1' } });
    await submit();

    expect(await screen.findByText(/you are signed in\. Taking you back/)).toBeTruthy();
    const login = callsTo(fetchMock.mock.calls as Call[], '/patientinfo/login')[0];
    expect(JSON.parse(login?.[1].body as string)).toEqual({
      username: 'rosa.d',
      password: 'a-long-password-1',
    });
    expect(window.localStorage.getItem('jwt')).toBe('jwt-new');
    expect(await screen.findByText('booking form', undefined, { timeout: 4000 })).toBeTruthy();
  });

  it('tells a signed-in patient they have an account; the front desk gets the form to register someone', () => {
    signInAs('PATIENT', 3);
    const patientView = renderPage();
    expect(screen.getByRole('status').textContent).toBe('You are signed in as patient.');
    expect(
      screen.getByText('You already have an account. Sign out first to register a new patient.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^Username/)).toBeNull();
    patientView.unmount();

    signInAs('FRONTDESK');
    renderPage();
    expect(screen.getByLabelText(/^Username/)).toBeTruthy();
  });

  it('shows the §5 hints and a honeypot hidden from people and screen readers', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Patient Registration');
    expect(screen.getByText(MSG.passwordHint)).toBeTruthy();
    expect(screen.getByText(MSG.dateHint)).toBeTruthy();
    expect(
      within(screen.getByLabelText(/^Sex/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select…', 'Male', 'Female', 'Other']);
    const trap = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('checks the fields before sending: nothing is sent while a required field is missing', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    renderPage();
    await submit();
    expect(screen.getByText('Username is required.', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Email is required.', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByText('Notes is required.')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a captcha when the server wants one, and retries the registration once it is passed', async () => {
    let registrations = 0;
    const fetchMock = mockFetch((url) => {
      if (url.includes('/register/credentials')) {
        registrations += 1;
        return registrations === 1 ? jsonResponse(CAPTCHA_REQUIRED, 403) : jsonResponse(REGISTERED, 201);
      }
      if (url.includes('/captcha/new')) return jsonResponse(challenge('slider'));
      if (url.includes('/captcha/verify')) return jsonResponse({ success: true });
      return jsonResponse({}, 404);
    });
    renderPage();
    fillForm();
    await submit();

    const dialog = await screen.findByRole('dialog', { name: 'Confirm you are a person' });
    expect(within(dialog).getByText('Slide the piece into the gap')).toBeTruthy();
    const img = within(dialog).getByRole('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(
      '/api/patientinfo/captcha/render/11111111-2222-4333-8444-555555555555.png',
    );
    fireEvent.input(within(dialog).getByLabelText('Piece position'), { target: { value: '150' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Check' }));
    });

    expect(await screen.findByText(MSG.registrationSuccessful)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login/patient');
    expect(screen.queryByRole('dialog')).toBeNull();

    const calls = fetchMock.mock.calls as Call[];
    const [verifyUrl, verifyInit] = callsTo(calls, '/captcha/verify')[0] ?? [];
    expect(verifyUrl).toBe('/api/patientinfo/captcha/verify?debug=1');
    expect(JSON.parse(verifyInit?.body as string)).toEqual({
      challengeId: '11111111-2222-4333-8444-555555555555',
      hmac: 'sig-11111111-2222-4333-8444-555555555555',
      x: 150,
    });
    expect(verifyInit?.credentials).toBe('include');

    const registrationCalls = callsTo(calls, '/register/credentials');
    expect(registrationCalls).toHaveLength(2);
    for (const [, init] of registrationCalls) {
      expect(init.credentials).toBe('include');
      const headers = headersOf(init);
      expect(Number(headers['X-Form-Start'])).toBeGreaterThan(0);
      expect(Number(headers['X-Page-Elapsed'])).toBeGreaterThanOrEqual(0);
      expect(headers['X-Honeypot']).toBe('');
      expect(JSON.parse(init.body as string)).toEqual({
        username: 'rosa.d',
        password: 'short',
        email: 'rosa@example.com',
        firstName: 'Rosa',
        lastName: 'Delgado',
        dateOfBirth: '1988-04-12',
        phoneNumber: '555-010-2233',
        sex: 'Female',
        notes: '',
        honeypot: '',
      });
    }
  });

  it('a failed captcha says so and brings a new challenge; keyboard solves the click kind', async () => {
    let challenges = 0;
    let verifications = 0;
    const fetchMock = mockFetch((url) => {
      if (url.includes('/register/credentials')) return jsonResponse(CAPTCHA_REQUIRED, 403);
      if (url.includes('/captcha/new')) {
        challenges += 1;
        return jsonResponse(challenge('click', `11111111-2222-4333-8444-00000000000${challenges}`));
      }
      if (url.includes('/captcha/verify')) {
        verifications += 1;
        return jsonResponse(
          { error: 'captcha_failed', message: MSG.captchaFailed, reason: 'wrong_answer' },
          400,
        );
      }
      return jsonResponse({}, 404);
    });
    renderPage();
    fillForm();
    await submit();
    const dialog = await screen.findByRole('dialog');
    const stage = await within(dialog).findByRole('button', { name: /Click the star/ });
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    fireEvent.keyDown(stage, { key: 'ArrowUp' });
    await act(async () => {
      fireEvent.click(stage, { detail: 0 });
    });
    expect(await within(dialog).findByText(MSG.captchaFailed)).toBeTruthy();
    await waitFor(() => expect(challenges).toBe(2));
    expect(verifications).toBe(1);
    const [, init] = callsTo(fetchMock.mock.calls as Call[], '/captcha/verify')[0] ?? [];
    expect(JSON.parse(init?.body as string)).toMatchObject({ x: 176, y: 82 });
  });

  it('says when no challenge could be loaded, and asks to submit again when the captcha is closed', async () => {
    mockFetch((url) => {
      if (url.includes('/register/credentials')) return jsonResponse(CAPTCHA_REQUIRED, 403);
      return jsonResponse({ error: 'internal_error', message: 'down' }, 500);
    });
    renderPage();
    fillForm();
    await submit();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(MSG.captchaLoadFailed)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText(MSG.captchaTryAgain)).toBeTruthy();
  });

  it('the rotate kind sends the angle chosen with the slider', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.includes('/register/credentials')) return jsonResponse(CAPTCHA_REQUIRED, 403);
      if (url.includes('/captcha/new')) return jsonResponse(challenge('rotate'));
      return jsonResponse({ error: 'captcha_failed', message: MSG.captchaFailed }, 400);
    });
    renderPage();
    fillForm();
    await submit();
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(await within(dialog).findByLabelText('Rotation'), { target: { value: '270' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn right' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Check' }));
    });
    const [, init] = callsTo(fetchMock.mock.calls as Call[], '/captcha/verify')[0] ?? [];
    expect(JSON.parse(init?.body as string)).toMatchObject({ angle: 285 });
  });

  it.each([
    [409, MSG.duplicateEmail, MSG.duplicateEmail],
    [409, MSG.duplicateUsername, MSG.duplicateUsername],
    [400, MSG.reviewDetails, MSG.reviewDetails],
    [400, 'Enter a valid phone number.', 'Error: Enter a valid phone number.'],
  ])('a %s "%s" is shown as "%s"', async (status, message, shown) => {
    mockFetch(() => jsonResponse({ error: 'x', message }, status));
    renderPage();
    fillForm();
    await submit();
    expect(summaryProblems(await screen.findByRole('alert'))).toEqual([shown]);
  });
});
