import { readFileSync } from 'node:fs';
import { MSG } from '@clinic/contract/messages';
import { expect, test } from './fixtures';
import { openClinicPage, signIn } from './support/app';
import { expectNoAxeViolations } from './support/axe';

/** The admin's audit log (issue 12): sign-ins are recorded with their account and outcome, filtered and exported. */
test.describe('audit log', () => {
  test('an admin filters the events by action and exports exactly those as CSV', async ({ page }) => {
    await signIn(page, 'admin', '/login/doctor');
    await openClinicPage(page, 'Audit Log');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();

    await page.getByLabel('Action').selectOption('login');
    await page.getByLabel('Actor (username)').fill('admin');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/actor=admin&action=login/);
    const rows = page.getByRole('table', { name: 'Audit events, newest first' }).locator('tbody tr');
    await expect(rows.first()).toContainText('staff-session');
    await expect(rows.first()).toContainText('success');
    await expectNoAxeViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('audit-log.csv');
    const lines = readFileSync((await file.path()) ?? '', 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
    expect(lines[0]).toBe('Time (UTC),Actor,Role,Action,Resource,Record,Patient,Outcome,Address,Request');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toContain(',admin,ADMIN,login,');
  });

  test('a patient has no link to it and is refused at its address', async ({ page }) => {
    await signIn(page, 'obennett', '/login/patient');
    await expect(page.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page.getByRole('alert').filter({ hasText: MSG.accessDenied })).toBeVisible();
  });
});
