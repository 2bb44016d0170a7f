import { MSG } from '@clinic/contract/messages';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  DEMO_PASSWORD,
  expectPageLoaded,
  mainNav,
  storedItem,
  submitLogin,
  watchForText,
} from './support/app';
import { expectNoAxeViolations } from './support/axe';

type CaptchaKind = 'rotate' | 'slider' | 'click';

interface Challenge {
  challengeId: string;
  type: CaptchaKind;
  payload: { width: number; height: number; hint: string };
  testSolution?: { angle?: number; x?: number; y?: number };
}

let serial = 0;
function newVisitor(label: string) {
  serial += 1;
  const id = `${label}${Date.now().toString(36)}${serial}`;
  return {
    username: `e2e.${id}`,
    password: 'e2e-password-1',
    email: `${id}@example.com`,
    firstName: 'Avery',
    lastName: 'Quinn',
    dateOfBirth: '1991-07-14',
    phoneNumber: '555-201-3344',
    sex: 'Other',
  };
}

/** Asks the server for one kind of challenge, as a visitor who happened to get that kind would. */
async function forceCaptchaKind(page: Page, kind: CaptchaKind) {
  await page.route('**/api/patientinfo/captcha/new', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}');
    await route.continue({ postData: JSON.stringify({ ...body, type: kind }) });
  });
}

async function fillRegistration(page: Page, visitor: ReturnType<typeof newVisitor>) {
  await page.getByLabel(/^Username/).fill(visitor.username);
  await page.getByLabel(/^Password/).fill(visitor.password);
  await page.getByLabel(/^First name/).fill(visitor.firstName);
  await page.getByLabel(/^Last name/).fill(visitor.lastName);
  await page.getByLabel(/^Date of birth/).fill(visitor.dateOfBirth);
  await page.getByLabel(/^Sex/).selectOption(visitor.sex);
  await page.getByLabel(/^Email/).fill(visitor.email);
  await page.getByLabel(/^Phone number/).fill(visitor.phoneNumber);
}

/** Solves the open challenge through the UI: the rotate slider, a mouse drag of the piece, or the keyboard. */
async function solveCaptcha(page: Page, challenge: Challenge) {
  const dialog = page.getByRole('dialog', { name: 'Confirm you are a person' });
  const solution = challenge.testSolution;
  expect(solution, 'the e2e server gives test solutions (CAPTCHA_TEST_SOLUTIONS=1)').toBeTruthy();
  await expect(dialog.getByText(challenge.payload.hint)).toBeVisible();
  if (challenge.type === 'rotate') {
    await dialog.getByLabel('Rotation').fill(String(solution?.angle));
    await dialog.getByRole('button', { name: 'Check' }).click();
  } else if (challenge.type === 'slider') {
    // Drag the piece with the mouse from its start to the gap.
    const piece = dialog.getByTestId('captcha-piece');
    const stage = await piece.locator('..').boundingBox();
    const box = await piece.boundingBox();
    if (!stage || !box) throw new Error('the slider is not on screen');
    const scale = stage.width / challenge.payload.width;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + (solution?.x ?? 0) * scale, box.y + box.height / 2, {
      steps: 8,
    });
    await page.mouse.up();
    await expect(dialog.getByLabel('Piece position')).toHaveValue(String(Math.round(solution?.x ?? 0)));
    await dialog.getByRole('button', { name: 'Check' }).click();
  } else {
    // Keyboard: the crosshair starts in the middle and moves 8 px a press.
    const stage = dialog.getByRole('button', { name: new RegExp(challenge.payload.hint) });
    await stage.focus();
    const dx = Math.round(((solution?.x ?? 0) - challenge.payload.width / 2) / 8);
    const dy = Math.round(((solution?.y ?? 0) - challenge.payload.height / 2) / 8);
    for (let i = 0; i < Math.abs(dx); i += 1) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
    for (let i = 0; i < Math.abs(dy); i += 1) await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press('Enter');
  }
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** Registers a new visitor on the open registration page (or opens it first), solving a `kind` captcha. */
async function registerThroughUi(page: Page, kind: CaptchaKind, testInfo: TestInfo, alreadyOpen = false) {
  const visitor = newVisitor(kind);
  await forceCaptchaKind(page, kind);
  if (!alreadyOpen) await page.goto('/register/patient');
  await expectPageLoaded(page, 'Patient Registration');
  const shownAt = Date.now();
  await fillRegistration(page, visitor);
  // A person takes more than 3 s over the form; the server refuses quicker ones.
  await page.waitForTimeout(Math.max(0, 3300 - (Date.now() - shownAt)));

  const challengeAnswer = page.waitForResponse((r) => r.url().includes('/api/patientinfo/captcha/new'));
  await page.getByRole('button', { name: 'Create account' }).click();
  const challenge = (await (await challengeAnswer).json()) as Challenge;
  expect(challenge.type).toBe(kind);
  const dialog = page.getByRole('dialog', { name: 'Confirm you are a person' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img').or(dialog.locator('img'))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, `captcha-${kind}`);

  await solveCaptcha(page, challenge);
  // The pass sets HPASS and the registration is retried by itself.
  await expect(page.getByRole('status').filter({ hasText: MSG.registrationSuccessful })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  return visitor;
}

test.describe('patient registration with a captcha', () => {
  test('a new visitor registers (rotate captcha), sees the welcome message and signs in', async ({
    page,
  }, testInfo) => {
    await page.goto('/register/patient');
    await expectPageLoaded(page, 'Patient Registration');
    await expect(page.getByText(MSG.passwordHint)).toBeVisible();
    await expect(page.getByText(MSG.dateHint)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'register-1280');

    // The sign-in message shows for LOGIN_REDIRECT_MS only, before the dashboard opens.
    const signedInShown = await watchForText(page, 'you are signed in. Taking you to your dashboard');
    const visitor = await registerThroughUi(page, 'rotate', testInfo);

    // The new patient is signed in by the registration itself and taken to their dashboard.
    await expect.poll(signedInShown).toBe(true);
    await expect(page).toHaveURL(/\/dashboard\/patient$/, { timeout: 10_000 });
    await expectNoAxeViolations(page);
    await expect.poll(() => storedItem(page, 'role')).toBe('PATIENT');
    await expect.poll(() => storedItem(page, 'username')).toBe(visitor.username);

    // The account signs in with its own password too.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/login/patient');
    await submitLogin(page, visitor.username, visitor.password);
    await expect(page.getByRole('status').filter({ hasText: MSG.loginSuccessful })).toBeVisible();
  });

  test('a visitor on the booking form registers and lands back on it, signed in (issue 14)', async ({
    page,
  }, testInfo) => {
    await page.goto('/appointments');
    await expectPageLoaded(page, 'Schedule an Appointment');
    await expect(page.getByText(/call the office/i)).toHaveCount(0);
    await page.getByRole('link', { name: 'New patient? Create your account' }).click();
    await expect(page).toHaveURL(/\/register\/patient\?next=%2Fappointments$/);
    await registerThroughUi(page, 'rotate', testInfo, true);
    await expect(page.getByText(/you are signed in\. Taking you back/)).toBeVisible();
    await expect(page).toHaveURL(/\/appointments$/, { timeout: 10_000 });
    await expectPageLoaded(page, 'Schedule an Appointment');
    await expect(page.getByLabel('Office')).toBeVisible();
    await expect.poll(() => storedItem(page, 'role')).toBe('PATIENT');
  });

  test('the slider captcha is solved by dragging the piece with the mouse', async ({ page }, testInfo) => {
    await registerThroughUi(page, 'slider', testInfo);
  });

  test('the click captcha is solved with the keyboard, at 360 px', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await registerThroughUi(page, 'click', testInfo);
    await screenshot(page, testInfo, 'registered-360');
  });

  test('the registration page at 360 px has no accessibility violations', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/register/patient');
    await expectPageLoaded(page, 'Patient Registration');
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'register-360');
  });

  test('a bot that fills the honeypot is turned away', async ({ page }) => {
    await page.goto('/register/patient');
    await expectPageLoaded(page, 'Patient Registration');
    await fillRegistration(page, newVisitor('bot'));
    await page.locator('input[name="website"]').fill('http://spam.example', { force: true });
    await page.waitForTimeout(3300);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(MSG.submissionRejected);
  });
});

/** Registers a patient through the API, as the page would (captcha, HPASS cookie, anti-bot headers). */
async function registerThroughApi(request: APIRequestContext, visitor: ReturnType<typeof newVisitor>) {
  const challenge = (await (
    await request.post('/api/patientinfo/captcha/new', { data: { appKey: 'e2e', type: 'slider' } })
  ).json()) as Challenge & { hmac: string };
  const verified = await request.post('/api/patientinfo/captcha/verify', {
    data: { challengeId: challenge.challengeId, hmac: challenge.hmac, x: challenge.testSolution?.x },
  });
  expect(verified.ok()).toBe(true);
  const registered = await request.post('/api/patientinfo/register/credentials', {
    data: visitor,
    headers: { 'X-Page-Elapsed': '6000', 'X-Form-Start': String(Date.now() - 6000) },
  });
  expect(registered.status(), await registered.text()).toBe(201);
}

test.describe('forgot password', () => {
  test('a patient resets the password with the e-mailed code and is signed in', async ({
    page,
    request,
  }, testInfo) => {
    const visitor = newVisitor('reset');
    await registerThroughApi(request, visitor);

    await page.goto('/login/patient');
    await expectPageLoaded(page, 'Patient Login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const panel = page.getByRole('region', { name: 'Reset your password' });
    await panel.getByLabel(/Username/).fill(visitor.username);
    await panel.getByRole('button', { name: 'Send verification code' }).click();
    await expect(panel.getByRole('status')).toHaveText(MSG.verificationCodeSent);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'forgot-password');

    // Without SMTP_URL the code waits in the outbox, which an admin can read.
    const adminLogin = await request.post('/api/auth/login', {
      data: { username: 'admin', password: DEMO_PASSWORD },
    });
    const adminToken = (await adminLogin.json()).token as string;
    let code = '';
    await expect
      .poll(async () => {
        const outbox = (await (
          await request.get('/api/mail/outbox?unsent=true&limit=200', {
            headers: { authorization: `Bearer ${adminToken}` },
          })
        ).json()) as Array<{ to: string; text: string }>;
        code = outbox.find((m) => m.to === visitor.email)?.text.match(/code is (\d{6})/)?.[1] ?? '';
        return code;
      })
      .toMatch(/^\d{6}$/);

    await panel.getByLabel(/Verification code/).fill(code);
    await panel.getByLabel(/New password/).fill('a-fresh-password-2');
    await panel.getByRole('button', { name: 'Reset password' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      new RegExp(`${MSG.loginSuccessful}|Password reset successful`),
    );
    await expect.poll(() => storedItem(page, 'username')).toBe(visitor.username);
    await expect(page).not.toHaveURL(/\/login\/patient$/, { timeout: 10_000 });
  });
});

test.describe('accounts for staff', () => {
  test('an admin creates a FRONTDESK account, which can then sign in', async ({ page }, testInfo) => {
    const username = `desk${Date.now().toString(36)}`;
    await page.goto('/login/doctor');
    await submitLogin(page, 'admin');
    await expect(page.getByRole('status').filter({ hasText: MSG.loginSuccessful })).toBeVisible();
    await expect.poll(() => storedItem(page, 'role')).toBe('ADMIN');

    await page.goto('/register/admin');
    await expectPageLoaded(page, 'Create Account');
    await expect(page.getByRole('rowheader', { name: /admin/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^Password/).fill('desk-password-1');
    await page.getByLabel(/^Role/).selectOption({ label: 'FRONT DESK' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('status')).toHaveText(`Account "${username}" created.`);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: username }) });
    await expect(row.getByRole('cell', { name: 'FRONT DESK' })).toBeVisible();
    await screenshot(page, testInfo, 'accounts-1280');

    // The last admin cannot be demoted: the server's refusal is shown.
    await page.getByRole('button', { name: 'Edit admin' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit admin' });
    await edit.getByLabel(/New role/).selectOption('MANAGER');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByRole('alert').getByRole('listitem')).toHaveText(
      'The last ADMIN account cannot lose its role.',
    );
    await expectNoAxeViolations(page);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'accounts-360');
    await page.setViewportSize({ width: 1280, height: 800 });

    await mainNav(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL('/login/patient');
    await page.goto('/login/doctor');
    await submitLogin(page, username, 'desk-password-1');
    await expect(page.getByRole('status').filter({ hasText: MSG.loginSuccessful })).toBeVisible();
    await expect.poll(() => storedItem(page, 'role')).toBe('FRONTDESK');

    // Front desk is not an admin: the page says access denied.
    await page.goto('/register/admin');
    await expectPageLoaded(page, 'Create Account');
    await expect(page.getByRole('alert')).toContainText(MSG.accessDenied);
  });
});
