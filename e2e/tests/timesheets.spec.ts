import { TIMESHEET_MESSAGES } from '@clinic/contract/timesheets';
import { expect, test } from './fixtures';
import { expectPageLoaded, openClinicPage, signIn } from './support/app';
import { expectNoAxeViolations } from './support/axe';

/**
 * Timesheets (issue 15): a manager reads an office's shifts and corrects one; the correction shows who made
 * it and why beside what was clocked, and the front desk has no timesheets.
 */
test('a manager corrects a shift on the timesheet, and the original stays visible', async ({ page }) => {
  await signIn(page, 'manager', '/login/doctor');
  await openClinicPage(page, 'Timesheets');
  await expectPageLoaded(page, 'Timesheets');
  await page.getByLabel('Office').selectOption({ label: 'Summit PT Portland Pearl District' });
  const person = page.getByRole('region', { name: /^Priya Raman/ });
  await expect(person.getByRole('row')).not.toHaveCount(0);
  await expectNoAxeViolations(page);

  const firstShift = person.getByRole('row').nth(1);
  const clockedIn = (await firstShift.getByRole('cell').nth(1).textContent()) ?? '';
  await firstShift.getByRole('button', { name: /^Correct the shift of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct shift: Priya Raman' });
  await dialog.getByLabel('Clock out').fill('18:00');
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  // Nothing is sent without a reason.
  await expect(
    dialog.getByRole('alert').getByRole('link', { name: 'Please say why the shift is corrected.' }),
  ).toBeVisible();
  await dialog.getByLabel('Reason').fill('Stayed for a late patient; confirmed by the office.');
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: TIMESHEET_MESSAGES.corrected })).toBeVisible();

  const corrected = person.getByRole('row').nth(1);
  await expect(corrected.getByRole('cell').nth(2)).toHaveText('6:00 pm');
  await expect(corrected).toContainText('Corrected by manager');
  await expect(corrected).toContainText('Stayed for a late patient; confirmed by the office.');
  await expect(corrected).toContainText(`Clocked ${clockedIn} to`);
});

test('the front desk has no timesheets', async ({ page }) => {
  await signIn(page, 'frontdesk', '/login/doctor');
  await page.goto('/timesheets');
  await expect(page.getByText('Timesheets are for managers and administrators.')).toBeVisible();
});
