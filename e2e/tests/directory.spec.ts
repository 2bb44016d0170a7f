import { MSG } from '@clinic/contract/messages';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { clickClosingPopup, DEMO_PASSWORD, expectPageLoaded, mainNav, submitLogin } from './support/app';
import { expectNoAxeViolations } from './support/axe';

/** An 8x8 PNG: enough for the image service, which decodes and re-encodes what it accepts. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPgDk3AihiGlgQArJYwAWvrBQAAAAAASUVORK5CYII=',
  'base64',
);

const WIDTHS = [1280, 360] as const;

async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login/doctor');
  await expectPageLoaded(page, 'Staff Login');
  await submitLogin(page, username, password);
  await expect(page.getByRole('status').filter({ hasText: MSG.loginSuccessful })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login\//, { timeout: 10_000 });
}

/** Nothing is wider than the window (no sideways scrolling at 360 px). */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the window').toBeLessThanOrEqual(0);
}

async function adminToken(page: Page): Promise<string> {
  const res = await page.request.post('/api/doctorinfo/doctor/login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

test.describe('care team directory (visitor)', () => {
  for (const width of WIDTHS) {
    test(`searches, pages and opens profiles at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/staff');
      await expectPageLoaded(page, 'Meet Our Care Team');
      await expect(page).toHaveTitle(/Meet Our Care Team/);
      const status = page.getByRole('status').filter({ hasText: /team members/ });
      await expect(status).toHaveText(/^Showing 1–10 of \d+ team members$/);
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(10);
      // Staff records and the placeholder are never listed; nor are usernames.
      await expect(page.getByText('Avery Brooks')).toHaveCount(0);
      await expect(page.getByText('Not Sure')).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);

      // Pages with Next and Prev.
      const pages = page.getByRole('navigation', { name: 'Care team pages' });
      await expect(pages.getByRole('button', { name: 'Prev' })).toBeDisabled();
      await pages.getByRole('button', { name: 'Next' }).click();
      await expect(status).toHaveText(/^Showing 11–\d+ of \d+ team members$/);
      await pages.getByRole('button', { name: 'Prev' }).click();
      await expect(status).toHaveText(/^Showing 1–10/);

      // Search matches name, specialty or office.
      const search = page.getByRole('searchbox', { name: 'Search the care team' });
      await expect(search).toHaveAttribute('placeholder', MSG.careTeamSearchPlaceholder);
      await search.fill('acupuncture');
      await expect(cards).toHaveCount(2);
      await expect(cards.getByText('Acupuncture')).toHaveCount(2);
      await search.fill('scottsdale');
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Samir Haddad', 'Grace Whitfield']);
      await search.fill('maya lindqvist');
      await expect(cards).toHaveCount(1);

      // A profile without a bio shows the fallback text; without a picture, the initials (issue 14).
      await search.fill('samir');
      await page.getByRole('button', { name: 'Samir Haddad' }).click();
      const dialog = page.getByRole('dialog', { name: 'Samir Haddad' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(MSG.noBio)).toBeVisible();
      await expect(dialog.getByRole('img', { name: 'Photo of Samir Haddad (initials SH)' })).toHaveText('SH');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      await search.fill('maya');
      await page.getByRole('button', { name: 'Maya Lindqvist' }).click();
      await expect(page.getByRole('dialog').getByText(/board-certified orthopedic/)).toBeVisible();
    });
  }

  test('the public calls behind it never carry usernames', async ({ request }) => {
    for (const url of [
      '/api/doctorinfo/doctor/all/details',
      '/api/doctorinfo/search?officeId=1',
      '/api/doctorinfo/1',
      '/api/doctor/search/all?query=a',
    ]) {
      const res = await request.get(url);
      expect(res.ok(), url).toBe(true);
      expect(await res.text(), url).not.toContain('username');
    }
  });
});

test.describe('insurance directory (visitor)', () => {
  for (const width of WIDTHS) {
    test(`searches, pages and opens details at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/insurance');
      await expectPageLoaded(page, 'Insurance Coverage Directory');
      await expect(page.getByText(/coverage depends on the individual patient's plan/)).toBeVisible();
      const status = page.getByRole('status').filter({ hasText: /insurances$/ });
      await expect(status).toHaveText(/^Showing 1–9 of \d+ insurances$/);
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(9);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);

      await page
        .getByRole('navigation', { name: 'Insurance pages' })
        .getByRole('button', { name: 'Next' })
        .click();
      await expect(status).toHaveText(/^Showing 10–\d+ of \d+ insurances$/);

      const search = page.getByRole('searchbox', { name: 'Search by insurance name' });
      await search.fill('medi');
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Medicaid', 'Medicare']);
      // Acceptance is said in words as well as colour.
      await expect(cards.filter({ hasText: 'Medicaid' }).getByText('Not accepted')).toBeVisible();
      await expect(
        cards.filter({ hasText: 'Medicare' }).getByText('Accepted', { exact: true }),
      ).toBeVisible();

      await search.fill('cigna');
      await page.getByRole('button', { name: 'Cigna' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cigna' });
      await expect(dialog.getByText("Depends on the patient's plan")).toBeVisible();
      await expect(dialog.getByText('Open Access Plus')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await expect(dialog).toHaveCount(0);
    });
  }
});

test('an admin edits an insurance in the directory (view, edit, Save or Cancel)', async ({ page }) => {
  const token = await adminToken(page);
  const name = `E2E Health ${Date.now()}`;
  const created = await page.request.post('/api/insurance/add', {
    headers: { authorization: `Bearer ${token}` },
    data: { insName: name, coverageName: 'Bronze', acceptance: 'no', days: 30, authorization: 'Required' },
  });
  expect(created.status()).toBe(201);

  await signIn(page, 'admin');
  await page.goto('/insurance');
  await expectPageLoaded(page, 'Insurance Coverage Directory');
  await page.getByRole('searchbox', { name: 'Search by insurance name' }).fill(name);
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Not accepted')).toBeVisible();

  // Cancel leaves it as it was.
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Coverage name').fill('Discarded');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByText('Bronze')).toBeVisible();

  await dialog.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByLabel('Coverage name')).toHaveValue('Bronze');
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Coverage name').fill('Gold PPO');
  await dialog.getByLabel('Acceptance').selectOption('patient');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: MSG.insuranceUpdated })).toBeVisible();
  await expect(dialog.getByText('Gold PPO')).toBeVisible();
  await expect(dialog.getByText("Depends on the patient's plan")).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('article').filter({ hasText: name }).getByText('Gold PPO')).toBeVisible();
});

test('an admin registers a staff member, who can then sign in at /login/doctor', async ({ page }) => {
  const username = `e2e.staff${Date.now()}`;
  const password = 'e2e-password-1';
  await signIn(page, 'admin');
  await page.goto('/register/staff');
  await expectPageLoaded(page, 'Register Staff');
  await expectNoAxeViolations(page);

  await expect(page.getByLabel('Role')).toHaveValue('DOCTOR');
  await page.getByLabel('Role').selectOption('MANAGER');
  await page.getByLabel('Office').selectOption({ label: 'Summit PT Portland Pearl District' });
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('First name').fill('Iris');
  await page.getByLabel('Last name').fill('Novak');
  await page.getByLabel('Specialty').selectOption('Massage Therapist');
  await page.getByLabel('Bio').fill('Iris specialises in sports massage for runners.');
  await page
    .getByLabel('Picture')
    .setInputFiles({ name: 'iris.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByText(MSG.imageUploaded)).toBeVisible();
  await page.getByRole('button', { name: 'Register staff member' }).click();

  const progress = page.getByRole('list', { name: 'Registration progress' });
  await expect(progress.getByRole('listitem')).toHaveText([
    new RegExp(MSG.doctorCredentialsRegistered),
    new RegExp(MSG.doctorEntityCreated),
    new RegExp(MSG.doctorInfoUpdated),
  ]);
  await expect(page.getByText(`can now sign in at the staff login as “${username}”`)).toBeVisible();

  // Registering the same username again is refused with the server's reason.
  await page.getByRole('button', { name: 'Register another staff member' }).click();
  await page.getByLabel('Office').selectOption({ label: 'Summit PT Portland Pearl District' });
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('First name').fill('Copy');
  await page.getByLabel('Last name').fill('Cat');
  await page.getByRole('button', { name: 'Register staff member' }).click();
  await expect(page.getByRole('alert').filter({ hasText: msgError(MSG.duplicateUsername) })).toBeVisible();

  // The new member is in the public directory, with the uploaded picture.
  await page.goto('/staff');
  await page.getByRole('searchbox', { name: 'Search the care team' }).fill('Iris Novak');
  const card = page.getByRole('article').filter({ hasText: 'Iris Novak' });
  await expect(card.getByText('Massage Therapist')).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /^\/images\/doctor\/e2e\.staff\d+-iris\.png$/);

  // ... and signs in at the staff login.
  await mainNav(page).getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL('/login/patient');
  await signIn(page, username, password);
  expect(await page.evaluate(() => window.localStorage.getItem('role'))).toBe('MANAGER');
});

function msgError(text: string): string {
  return `Error: ${text}`;
}

test('staff registration is refused to other roles, on the page and on the server', async ({ page }) => {
  await signIn(page, 'manager');
  await page.goto('/register/staff');
  await expectPageLoaded(page, 'Register Staff');
  await expect(page.getByRole('alert').filter({ hasText: MSG.accessDenied })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);
  await expectNoAxeViolations(page);
  const token = await page.evaluate(() => window.localStorage.getItem('jwt'));
  const res = await page.request.post('/api/doctorinfo/doctor/register/credentials', {
    headers: { authorization: `Bearer ${token}` },
    data: { username: 'not-allowed', password: 'long-enough-1', officeId: 1 },
  });
  expect(res.status()).toBe(403);
});

test('insurance and code registration forms (ADMIN, MANAGER), and the code selector popup', async ({
  page,
}) => {
  // Two forms, two uploads and two popups: more steps than the default 30 s allows on a loaded machine.
  test.setTimeout(90_000);
  await signIn(page, 'manager');
  const name = `E2E Mutual ${Date.now()}`;
  await page.goto('/register/insurance');
  await expectPageLoaded(page, 'Register Insurance');
  await expectNoAxeViolations(page);
  await page.getByLabel('Insurance name').fill(name);
  await page.getByLabel('Days').fill('45');
  await page.getByLabel('Acceptance').selectOption('patient');
  await page.getByRole('button', { name: 'Register insurance' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Insurance “${name}” registered.` })).toBeVisible();

  const code = `9${String(Date.now()).slice(-4)}`;
  await page.goto('/register/procedure-diagnosis');
  await expectPageLoaded(page, 'Register Procedure or Diagnosis');
  // The picture needs a code first.
  await expect(page.getByLabel('Picture')).toBeDisabled();
  await page.getByLabel('Code').fill(code);
  await expect(page.getByLabel('Picture')).toBeEnabled();
  await page.getByLabel('Description').fill('E2E test procedure');
  await page
    .getByLabel('Picture')
    .setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByText(MSG.imageUploaded)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save code' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${code} saved as a procedure code.` }),
  ).toBeVisible();

  // The selector popup sends the chosen code back to the page that opened it.
  await page.evaluate(() => {
    (window as unknown as { picked: unknown[] }).picked = [];
    window.addEventListener('message', (event) =>
      (window as unknown as { picked: unknown[] }).picked.push(event.data),
    );
  });
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(() =>
      window.open('/select-procedure-diagnosis?type=procedure', 'codes', 'popup,width=600,height=600'),
    ),
  ]);
  await expectPageLoaded(popup, 'Select a procedure code');
  await popup.getByRole('searchbox', { name: 'Filter by code or description' }).fill('E2E test');
  await expect(popup.getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(popup);
  await clickClosingPopup(popup, popup.getByRole('button', { name: new RegExp(code) }));
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { picked: unknown[] }).picked))
    .toEqual([expect.objectContaining({ source: 'procedure-diagnosis', id: code })]);

  // Diagnoses only, for type=diagnosis.
  const diagnoses = await page.context().newPage();
  await diagnoses.goto('/select-procedure-diagnosis?type=diagnosis');
  await expectPageLoaded(diagnoses, 'Select a diagnosis code');
  await expect(diagnoses.getByRole('button', { name: /^M54\.50/ })).toBeVisible();
  await expect(diagnoses.getByRole('button', { name: /^97110/ })).toHaveCount(0);
});
