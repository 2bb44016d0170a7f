import { expect, test } from './fixtures';
import { expectPageLoaded, openClinicPage, signIn } from './support/app';
import { expectNoAxeViolations } from './support/axe';

/** The daily report (issue 15): a manager reads an office's visits and exports them. */
test("a manager reads an office's visits by provider and by day, and exports them as CSV", async ({
  page,
}) => {
  await signIn(page, 'manager', '/login/doctor');
  await openClinicPage(page, 'Daily Report');
  await expectPageLoaded(page, 'Daily Report');
  await page.getByLabel('Office').selectOption({ label: 'Summit PT Denver Highlands' });
  const totals = page.getByRole('definition').first();
  await expect(totals).toHaveText(/^\d+$/);
  const providers = page.getByRole('region', { name: 'By provider' });
  await expect(providers.getByRole('row', { name: /Maya Lindqvist/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Visits per day from/ })).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export days CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(
    /^daily-report_Summit-PT-Denver-Highlands_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}_days\.csv$/,
  );

  // An impossible range is explained, not sent.
  await page.getByLabel('From', { exact: true }).fill('2030-01-01');
  await page.getByLabel('To', { exact: true }).fill('2029-12-01');
  await expect(page.getByText('The range must end on or after the day it starts.')).toBeVisible();
});
