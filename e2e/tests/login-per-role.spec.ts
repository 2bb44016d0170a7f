import { MSG } from '@clinic/contract/messages';
import { expect, test } from './fixtures';
import {
  contentMenuNames,
  DEMO_ACCOUNTS,
  expectNavigation,
  expectPageLoaded,
  mainNav,
  storedItem,
  submitLogin,
} from './support/app';
import { expectNoAxeViolations } from './support/axe';
import { expectedNavigation } from './support/navigation-model';

const LOGIN_HEADINGS = { '/login/patient': 'Patient Login', '/login/doctor': 'Staff Login' } as const;

test.describe('sign in through the UI, one journey per demo account', () => {
  for (const account of DEMO_ACCOUNTS) {
    test(`${account.username} (${account.role}) at ${account.loginPath}: menu, axe, logout`, async ({
      page,
      request,
    }) => {
      const menus = await contentMenuNames(request);
      const expected = expectedNavigation(account.role, menus);

      await page.goto(account.loginPath);
      await expectPageLoaded(page, LOGIN_HEADINGS[account.loginPath]);
      await expectNavigation(page, expectedNavigation(null, menus));

      await submitLogin(page, account.username);
      await expect(page.getByRole('status').filter({ hasText: MSG.loginSuccessful })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: MSG.loginFailed })).toHaveCount(0);

      // Redirected (after 1.5 s) to the role's dashboard, or home while that page is not built.
      await expect(page).toHaveURL(expected.loginRedirect, { timeout: 10_000 });
      await expectPageLoaded(page);

      const token = await storedItem(page, 'jwt');
      expect(token, 'the jwt is stored').toBeTruthy();
      expect(await storedItem(page, 'role')).toBe(account.role);
      expect(await storedItem(page, 'username')).toBe(account.username);
      if (account.role === 'PATIENT') expect(await storedItem(page, 'patientId')).toMatch(/^\d+$/);

      // Exactly this role's menu among the built pages; signed in, nobody sees the Login dropdown.
      await expectNavigation(page, expected);
      await expect(mainNav(page).getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);

      // The server knows the session.
      const check = await request.get('/api/auth/check-auth', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await check.json()).toEqual(
        expect.objectContaining({ authenticated: true, username: account.username, role: account.role }),
      );

      await expectNoAxeViolations(page);

      // Logout clears all local storage and goes to the patient login (spec §2 Navigation).
      await mainNav(page).getByRole('button', { name: 'Logout', exact: true }).click();
      await expect(page).toHaveURL('/login/patient');
      await expectPageLoaded(page, 'Patient Login');
      expect(await storedItem(page, 'jwt')).toBeNull();
      expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
      await expectNavigation(page, expectedNavigation(null, menus));

      // ... and the token is revoked on the server at once.
      await expect
        .poll(async () => {
          const after = await request.get('/api/auth/check-auth', {
            headers: { authorization: `Bearer ${token}` },
          });
          return after.ok()
            ? ((await after.json()) as { authenticated?: boolean }).authenticated
            : after.status();
        })
        .not.toBe(true);
    });
  }
});

test.describe('each login page admits only its own kind of account', () => {
  const refusals = [
    { who: 'a patient at the staff login', username: 'patient', loginPath: '/login/doctor' as const },
    { who: 'a doctor at the patient login', username: 'doctor', loginPath: '/login/patient' as const },
    { who: 'an admin at the patient login', username: 'admin', loginPath: '/login/patient' as const },
    {
      who: 'a wrong password',
      username: 'patient2',
      loginPath: '/login/patient' as const,
      password: 'not-it-1',
    },
  ];
  for (const refusal of refusals) {
    test(`refuses ${refusal.who}`, async ({ page }) => {
      await page.goto(refusal.loginPath);
      await expectPageLoaded(page, LOGIN_HEADINGS[refusal.loginPath]);
      await submitLogin(page, refusal.username, refusal.password);
      await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(MSG.loginFailed);
      await expect(page.getByText(MSG.loginSuccessful)).toHaveCount(0);
      expect(await storedItem(page, 'jwt')).toBeNull();
      // Still signed out, still on the same page, a while after the redirect would have happened.
      await page.waitForTimeout(1_700);
      await expect(page).toHaveURL(refusal.loginPath);
      await expect(mainNav(page).getByRole('button', { name: 'Login', exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('a sign-in held back by the throttle (issue 14)', () => {
  test('says how long to wait and how to reset the password, not that the password is wrong', async ({
    page,
  }) => {
    // An account name of its own: five free tries from this address, then the sixth is held back.
    const username = `lockout.${Date.now().toString(36)}`;
    await page.goto('/login/patient');
    await expectPageLoaded(page, 'Patient Login');
    let throttled = false;
    for (let attempt = 1; attempt <= 6 && !throttled; attempt += 1) {
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/patientinfo/login'));
      await submitLogin(page, username, `not-it-${attempt}`);
      const status = (await answer).status();
      throttled = status === 429;
      if (!throttled) {
        expect(status, `attempt ${attempt}`).toBe(401);
        await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(MSG.loginFailed);
      }
    }
    expect(throttled, 'the sixth try from this address is held back').toBe(true);
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(
      /^Too many sign-in attempts\. Please wait (\d+ seconds|1 minute) and try again, or reset your password with "Forgot password\?"\.$/,
    );
    await expectNoAxeViolations(page);
  });
});
