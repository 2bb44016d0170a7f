import { MSG } from '@clinic/contract/messages';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { clickClosingPopup, expectPageLoaded, openClinicPage, signIn, storedItem } from './support/app';
import { expectNoAxeViolations } from './support/axe';

/** Nothing sticks out sideways: the page fits its viewport (checked at 360 px). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

const patientsTable = (page: Page) => page.getByRole('table', { name: /^Patients, page/ });
const bodyRows = (page: Page) => patientsTable(page).locator('tbody tr');
const preferencesSummary = (page: Page) => page.getByRole('table', { name: /Messages the patient agreed/ });

test.describe('patient dashboard, as the patient', () => {
  test('edits the profile and the preferences, and both persist after a reload', async ({ page }) => {
    // Two forms saved and a reload of the whole dashboard (seven panels): more than the default 30 s allows
    // on a loaded machine.
    test.setTimeout(90_000);
    await signIn(page, 'patient2', '/login/patient');
    await expect(page).toHaveURL('/dashboard/patient');
    await expectPageLoaded(page, 'Patient Dashboard');
    await expect(page).toHaveTitle(/Patient Dashboard/);
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile.getByText('James Nguyen')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Reward points' }).getByText(/^\d+$/)).toBeVisible();
    await expectNoAxeViolations(page);

    // Details: the form checks before sending, then saves.
    await profile.getByRole('button', { name: 'Edit details' }).click();
    const details = page.getByRole('form', { name: 'Edit details' });
    await details.getByLabel('Phone').fill('12');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(
      details.getByRole('alert').getByRole('link', { name: 'Enter a valid phone number.' }),
    ).toBeVisible();
    await expect(details.getByLabel('Phone')).toBeFocused();
    await expectNoAxeViolations(page);
    await details.getByLabel('Phone').fill('(512) 555-0177');
    await details.getByLabel('Notes').fill('Prefers late afternoon visits.');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.detailsUpdated })).toBeVisible();
    await expect(profile.getByText('(512) 555-0177')).toBeVisible();

    // Preferences: a disclosure, then checkboxes.
    const disclosure = page.getByRole('button', { name: 'Communication preferences' });
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await disclosure.click();
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    // One source of truth: the phone just saved on the profile is the phone for texts (issue 14).
    await expect(page.getByLabel('Phone for texts')).toHaveValue('(512) 555-0177');
    const promotions = page.getByRole('group', { name: 'Promotions' });
    const promoText = promotions.getByRole('checkbox', { name: 'Text messages' });
    const wasChecked = await promoText.isChecked();
    await promoText.setChecked(!wasChecked);
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.preferencesUpdated })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.reload();
    await expectPageLoaded(page, 'Patient Dashboard');
    await expect(page.getByRole('region', { name: 'Profile' }).getByText('(512) 555-0177')).toBeVisible();
    await expect(page.getByText('Prefers late afternoon visits.')).toBeVisible();
    await page.getByRole('button', { name: 'Communication preferences' }).click();
    await expect(
      page.getByRole('group', { name: 'Promotions' }).getByRole('checkbox', { name: 'Text messages' }),
    ).toBeChecked({ checked: !wasChecked });
  });
});

test.describe('All Patients and the dashboard, as front desk', () => {
  test('searches, pages, and opens a patient read-only from the keyboard', async ({ page }) => {
    await signIn(page, 'frontdesk', '/login/doctor');
    await openClinicPage(page, 'All Patients');
    await expectPageLoaded(page, 'All Patients');
    await expect(bodyRows(page)).toHaveCount(5);
    await expect(page.getByText(/Showing 1–5 of \d+ patients/)).toBeVisible();
    await expectNoAxeViolations(page);

    const pages = page.getByRole('navigation', { name: 'Patients pages' });
    await expect(pages.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/Showing 6–/)).toBeVisible();
    await pages.getByRole('button', { name: 'Page 1' }).click();
    await expect(page.getByText(/Showing 1–5/)).toBeVisible();

    const search = page.getByLabel('Search by name, e-mail, phone or date of birth');
    await search.fill('zzzz');
    await expect(page.getByText(MSG.noPatientsFound)).toBeVisible();
    await search.fill('kim');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText('Robert');
    await expect(pages).toHaveCount(0);

    // Keyboard: the row takes focus and Enter opens the dashboard.
    await bodyRows(page).first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/dashboard/patient');
    expect(await storedItem(page, 'patientId')).toMatch(/^\d+$/);
    await expect(page.getByText(/Viewing the record of/)).toContainText('Robert Kim');
    await expect(page.getByRole('button', { name: 'Edit details' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit account' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Communication preferences' }).click();
    await expect(preferencesSummary(page)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Communication preferences' }).getByRole('checkbox'),
    ).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save preferences' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A row click works too.
    await page.getByRole('link', { name: 'Back to All Patients' }).click();
    await expectPageLoaded(page, 'All Patients');
    await bodyRows(page).filter({ hasText: 'Carter' }).click();
    await expect(page.getByText(/Viewing the record of/)).toContainText('Emily Carter');
  });

  test('staff without a chosen patient are told so', async ({ page }) => {
    await signIn(page, 'manager', '/login/doctor');
    await page.evaluate(() => window.localStorage.removeItem('patientId'));
    await page.goto('/dashboard/patient');
    await expect(page.getByRole('alert')).toHaveText(MSG.noPatientIdStored);
    await expectNoAxeViolations(page);
  });
});

test.describe('search popup', () => {
  test('returns the chosen patient to the page that opened it, and closes', async ({ page, context }) => {
    await signIn(page, 'frontdesk', '/login/doctor');
    await page.goto('/allpatients');
    await expectPageLoaded(page, 'All Patients');

    // Stand in for a form that opens the popup and waits for the choice.
    await page.evaluate(() => {
      const w = window as unknown as { __selection?: unknown };
      window.addEventListener('message', (event) => {
        if (event.origin === window.location.origin) w.__selection = event.data;
      });
    });
    const popupPromise = context.waitForEvent('page');
    await page.evaluate(() => {
      const url = `/search-popup?type=Patient&inputTarget=patientField&url=${encodeURIComponent('/api/patientinfo/search/all')}`;
      window.open(url, 'clinic-popup', 'popup=yes,width=600,height=600');
    });
    const popup = await popupPromise;
    await expectPageLoaded(popup, 'Patient Search');

    await popup.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(popup.getByRole('alert').getByRole('listitem')).toHaveText(MSG.enterSearchTerm);
    await popup.getByLabel('Search', { exact: true }).fill('nguyen');
    await popup.getByRole('button', { name: 'Search', exact: true }).click();
    const result = popup.getByRole('button', { name: /James Nguyen/ });
    await expect(result).toBeVisible();
    await expectNoAxeViolations(popup);

    await clickClosingPopup(popup, result);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __selection?: unknown }).__selection))
      .toMatchObject({
        source: 'search',
        target: 'patientField',
        name: 'James Nguyen',
        id: expect.any(Number),
      });
  });

  test('refuses a foreign URL and unsupported types', async ({ page }) => {
    await page.goto(`/search-popup?type=Patient&url=${encodeURIComponent('https://evil.example/api/x')}`);
    await expect(page.getByRole('alert')).toHaveText(MSG.missingApiUrl);
    await page.goto(`/search-popup?type=InsurancePatient&url=${encodeURIComponent('/api/insurance/all')}`);
    await expect(page.getByRole('alert')).toHaveText(MSG.unsupportedSearchType);
    await expectNoAxeViolations(page);
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('All Patients, a patient dashboard and the popup fit a phone screen', async ({ page }) => {
    await signIn(page, 'frontdesk', '/login/doctor');
    await page.goto('/allpatients');
    await expect(bodyRows(page)).toHaveCount(5);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await bodyRows(page).first().click();
    await expect(page.getByText(/Viewing the record of/)).toBeVisible();
    await page.getByRole('button', { name: 'Communication preferences' }).click();
    await expect(preferencesSummary(page)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await page.goto(
      `/search-popup?type=Patient&inputTarget=p&url=${encodeURIComponent('/api/patientinfo/search/all')}`,
    );
    await page.getByLabel('Search', { exact: true }).fill('o');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('list')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });

  test('the patient’s own dashboard, with its forms open', async ({ page }) => {
    await signIn(page, 'patient', '/login/patient');
    await page.goto('/dashboard/patient');
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByRole('button', { name: 'Communication preferences' }).click();
    await expect(page.getByRole('button', { name: 'Save preferences' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});
