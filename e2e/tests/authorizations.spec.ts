import { MSG } from '@clinic/contract/messages';
import { addCalendarDays, calendarDateInZone, weekdayOfDate } from '@clinic/contract/office-hours';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseInPopup, expectPageLoaded, openClinicPage, searchAndPick, signIn } from './support/app';
import { expectNoAxeViolations } from './support/axe';

/**
 * Insurance records, authorizations and the visit burn-down (issue 10), as a manager works them: record a
 * patient's insurance, register an authorization with two diagnoses and two procedures, book a visit of
 * the insurance's type on it (weeks ahead, so check-in offers only Cancel: issue 28), and see it scheduled
 * against the authorization on the patient's dashboard; the patient then sees it, read-only. Completing a
 * visit moves it to used (server/test/authorization-burn-down.test.ts).
 */
const PORTLAND = 'Summit PT Portland Pearl District';
const ZONE = 'America/Los_Angeles';
const AUTH_CODE = 'E2E-AUTH-10';

/**
 * A Portland weekday 23 or more days out (scheduling.spec.ts uses the one at 21 days): the visit is at 2 pm,
 * after the office's Saturday hours.
 */
function visitDate(): string {
  let date = addCalendarDays(calendarDateInZone(new Date(), ZONE), 23);
  while (['Saturday', 'Sunday'].includes(weekdayOfDate(date))) date = addCalendarDays(date, 1);
  return date;
}

/** The code selector: filter by the code, then click it. */
function pickCode(code: string) {
  return async (popup: Page) => {
    await popup.getByRole('searchbox', { name: 'Filter by code or description' }).fill(code);
    await popup.getByRole('button', { name: new RegExp(`^${code.replace('.', '\\.')}\\b`) }).click();
  };
}

const authorizationCard = (page: Page) => page.getByRole('article', { name: new RegExp(AUTH_CODE) });

test.describe
  .serial('insurance records and authorizations', () => {
    const date = visitDate();
    const today = calendarDateInZone(new Date(), ZONE);

    test('a manager records an insurance and an authorization and books on it', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, 'manager', '/login/doctor');

      // 1. The patient's insurance record, with acupuncture among its visit types.
      await page.goto('/register/insurance-patient');
      await expectPageLoaded(page, 'Insurance Patient Registration');
      await page.getByRole('button', { name: 'Save insurance record' }).click();
      await expect(
        page.getByRole('alert').getByRole('link', { name: MSG.patientAndInsuranceRequired }),
      ).toBeVisible();
      await chooseInPopup(page, 'Search patients', searchAndPick('Nguyen', /James Nguyen/));
      await chooseInPopup(page, 'Search insurances', searchAndPick('Cigna', /Cigna/));
      await page.getByLabel('Subscriber').fill('Self');
      await page.getByRole('checkbox', { name: 'Acupuncture' }).check();
      await page.getByLabel('Co-pay (USD)').fill('20');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Save insurance record' }).click();
      await expect(page.getByText(MSG.insuranceRecordSaved)).toBeVisible();

      // 2. The authorization on that record, with two diagnoses and two procedures.
      await page.goto('/register/authorization');
      await expectPageLoaded(page, 'Patient Authorization');
      await chooseInPopup(page, 'Search patients', searchAndPick('Nguyen', /James Nguyen/));
      await chooseInPopup(page, 'Choose insurance record', async (popup) => {
        await expectPageLoaded(popup);
        await expectNoAxeViolations(popup);
        await popup.getByRole('button', { name: /Cigna/ }).last().click();
      });
      await expect(page.getByText(/Insurance record: .*Cigna/)).toBeVisible();
      await page.getByLabel('Authorization code').fill(AUTH_CODE);
      await page.getByLabel('Referred by').fill('Dr. Alan Pierce');
      await page.getByLabel('Start date').fill(today);
      await page.getByRole('button', { name: /^Save Authorization/ }).click();
      await expect(page.getByText(MSG.selectStartAndEnd)).toBeVisible();
      await page.getByLabel('End date').fill(addCalendarDays(today, 60));
      await page.getByLabel('Visits authorized').fill('10');
      await page.getByLabel('Weekly visit limit').fill('2');
      for (const code of ['M54.50', 'M62.830']) {
        await chooseInPopup(page, 'Add diagnosis code', pickCode(code));
      }
      for (const code of ['97110', '97140']) {
        await chooseInPopup(page, 'Add procedure code', pickCode(code));
      }
      await expect(page.getByRole('list', { name: /Diagnosis.* codes/ }).getByRole('listitem')).toHaveCount(
        2,
      );
      await expect(page.getByRole('list', { name: /Procedure.* codes/ }).getByRole('listitem')).toHaveCount(
        2,
      );
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: /^Save Authorization/ }).click();
      await expect(page.getByText(MSG.authorizationSaved)).toBeVisible();

      // 3. An acupuncture visit for the patient, on the new diagnosis set.
      await page.goto('/appointments');
      await expectPageLoaded(page, 'Schedule an Appointment');
      await chooseInPopup(page, 'Search patients', searchAndPick('Nguyen', /James Nguyen/));
      await page.getByLabel('Office').selectOption({ label: PORTLAND });
      await page.getByLabel('Doctor').selectOption({ label: 'Priya Raman, Physical Therapist' });
      await page.getByLabel('Date').fill(date);
      await page
        .getByRole('group', { name: 'Time' })
        .getByRole('button', { name: /^2:00 pm/ })
        .click();
      await page.getByLabel('Type of visit').selectOption('acupuncture');
      const set = page.getByLabel('Diagnosis set').locator('option', { hasText: AUTH_CODE });
      await page.getByLabel('Diagnosis set').selectOption((await set.getAttribute('value')) ?? '');
      await expect(page.getByText(new RegExp(`${AUTH_CODE}: 10 of 10 visits left`))).toBeVisible();
      await page.getByRole('button', { name: 'Add Appointment' }).click();
      await expect(page.getByRole('status').filter({ hasText: MSG.appointmentAdded })).toBeVisible();

      // 4. At check-in the visit, weeks ahead, can be canceled but not yet walked in.
      await page.goto('/frontdeskcheckin');
      await expectPageLoaded(page, 'Front Desk Check-In');
      await page.getByLabel('Office').selectOption({ label: PORTLAND });
      await page.getByLabel('Date').fill(date);
      const james = page.getByRole('article', { name: 'James Nguyen' }).filter({ hasText: '2:00 pm' });
      await expect(james.getByRole('button')).toHaveText(['Cancel', 'History']);

      // 5. The patient's dashboard: the visit is scheduled on the authorization; a manager may edit insurance,
      //    not authorizations.
      await page.goto('/allpatients');
      await page.getByRole('searchbox').first().fill('Nguyen');
      await page.getByRole('row', { name: /James/ }).first().click();
      await expectPageLoaded(page, 'Patient Dashboard');
      const card = authorizationCard(page);
      await expect(card).toContainText('0 used, 1 scheduled, 9 left of 10 authorized.');
      await expect(card).toContainText('M54.50');
      await expect(card).toContainText('97140');
      await expect(card.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
      await expectNoAxeViolations(page);

      // 6. The notice of the authorization's end is planned (7 days before it) for the patient and the
      //    front desk; the manager finds it from the patient's communication preferences.
      await page.getByRole('button', { name: 'Communication preferences' }).click();
      await page.getByRole('link', { name: 'Messages sent to James' }).click();
      await expectPageLoaded(page, 'Messages');
      await expect(page.getByText(/Messages to/)).toHaveText(/Messages to James Nguyen/);
      // Due 7 days before its end (today + 60), at 09:00 in the office's time: the patient's seeded
      // authorization has its own notices, due on another day.
      const dueDay = new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${addCalendarDays(today, 53)}T12:00:00Z`));
      const ending = page
        .getByRole('row')
        .filter({ hasText: 'Authorization ending' })
        .filter({ hasText: dueDay });
      await expect(ending).toHaveCount(3);
      await expect(ending.first()).toContainText('9:00 AM');
      await expect(ending.filter({ hasText: 'Front desk e-mail' })).toContainText('Scheduled');
      await expectNoAxeViolations(page);
    });

    test('the patient sees their authorization and insurance, read-only', async ({ page }) => {
      await signIn(page, 'patient2', '/login/patient');
      await page.goto('/dashboard/patient');
      await expectPageLoaded(page, 'Patient Dashboard');
      const card = authorizationCard(page);
      await expect(card).toContainText('0 used, 1 scheduled, 9 left of 10 authorized.');
      for (const panel of ['Insurance', 'Authorizations']) {
        const region = page.getByRole('region', { name: panel, exact: true }).first();
        await expect(region).toBeVisible();
        await expect(region.getByRole('button', { name: /^(Edit|Delete)\b/ })).toHaveCount(0);
      }
      await expect(page.getByRole('region', { name: 'Insurance', exact: true }).first()).toContainText(
        'Cigna',
      );
      await expectNoAxeViolations(page);
    });

    test('the front desk sees the authorization worklist', async ({ page }) => {
      await signIn(page, 'frontdesk', '/login/doctor');
      await openClinicPage(page, 'Authorizations');
      await expectPageLoaded(page, 'Authorization Worklist');
      // The new authorization ends in 60 days: widen the window to find it, and export what is shown.
      await page.getByLabel('Ending within (days)').fill('61');
      const row = page.getByRole('row', { name: new RegExp(AUTH_CODE) });
      await expect(row).toContainText('James Nguyen');
      await expectNoAxeViolations(page);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      expect((await download).suggestedFilename()).toBe('authorization_worklist.csv');
    });
  });
