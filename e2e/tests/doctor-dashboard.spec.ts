import { MSG } from '@clinic/contract/messages';
import type { Page } from '@playwright/test';
import { expect, isLocalUrl, test } from './fixtures';
import { expectPageLoaded, signIn } from './support/app';
import { expectNoAxeViolations } from './support/axe';

const clock = (page: Page) => page.getByRole('region', { name: 'Time clock' });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

test.describe('doctor dashboard (spec §2, §4 Doctor clock)', () => {
  test('a doctor lands on it, clocks in, takes a break, resumes and clocks out', async ({ page }) => {
    await signIn(page, 'frontdesk', '/login/doctor');
    await expect(page).toHaveURL('/dashboard/doctor');
    await expectPageLoaded(page, 'Doctor Dashboard');
    await expect(page.getByRole('region', { name: 'My profile' })).toBeVisible();
    await expect(clock(page).getByRole('img', { name: /^Current time / })).toBeVisible();

    // A retried test may find the clock running: start from clocked out.
    const clockOut = clock(page).getByRole('button', { name: 'Clock Out' });
    const clockIn = clock(page).getByRole('button', { name: 'Clock In' });
    await expect(clockIn.or(clockOut)).toBeVisible();
    if (await clockOut.isVisible()) await clockOut.click();

    await clockIn.click();
    await expect(clock(page).getByText('Status: Clocked in', { exact: true })).toBeVisible();
    await expect(clock(page).getByRole('cell', { name: 'Still clocked in' })).toBeVisible();
    await clock(page).getByRole('button', { name: 'Break' }).click();
    await expect(clock(page).getByText('Status: On break', { exact: true })).toBeVisible();
    await expect(clock(page).getByRole('button', { name: 'Break' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await clock(page).getByRole('button', { name: 'Resume' }).click();
    await expect(clock(page).getByText('Status: Clocked in', { exact: true })).toBeVisible();
    await clockOut.click();
    await expect(clock(page).getByText('Status: Clocked out', { exact: true })).toBeVisible();
    await expect(clockIn).toBeVisible();
    await expect(clock(page).getByRole('cell', { name: 'Still clocked in' })).toHaveCount(0);
    await expect(
      clock(page)
        .getByRole('cell', { name: /^\d+ min$|^\d+ h \d+ min$/ })
        .first(),
    ).toBeVisible();
  });

  test('a doctor edits their own bio', async ({ page }) => {
    await signIn(page, 'doctor', '/login/doctor');
    await page.goto('/dashboard/doctor');
    await expectPageLoaded(page, 'Doctor Dashboard');
    const profile = page.getByRole('region', { name: 'My profile' });
    await profile.getByRole('button', { name: 'Edit profile' }).click();
    const bio = `Here to help you move well. ${Date.now()}`;
    await profile.getByLabel('Bio').fill(bio);
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByRole('status').filter({ hasText: MSG.doctorInfoUpdated })).toBeVisible();
    await expect(profile.getByText(bio)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'My profile' }).getByText(bio)).toBeVisible();
  });

  test("a doctor's new bio is on the public care team at once, though the server kept the old page", async ({
    page,
    browser,
  }) => {
    /** A visitor of their own (an anonymous browser, its own HTTP cache) opens the doctor's care-team profile. */
    const visitorSees = async () => {
      const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      await visitor.route(
        (url) => !isLocalUrl(url),
        (route) => route.abort(),
      );
      const tab = await visitor.newPage();
      await tab.goto('/staff');
      await expectPageLoaded(tab, 'Meet Our Care Team');
      await tab.getByLabel('Search the care team').fill('Lindqvist');
      await tab.getByRole('button', { name: 'Maya Lindqvist' }).click();
      const text = await tab.getByRole('dialog').innerText();
      await visitor.close();
      return text;
    };
    const bio = `Moves people well again. ${Date.now()}`;
    expect(await visitorSees()).not.toContain(bio);

    await signIn(page, 'doctor', '/login/doctor');
    await page.goto('/dashboard/doctor');
    await expectPageLoaded(page, 'Doctor Dashboard');
    const profile = page.getByRole('region', { name: 'My profile' });
    await profile.getByRole('button', { name: 'Edit profile' }).click();
    await profile.getByLabel('Bio').fill(bio);
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByRole('status').filter({ hasText: MSG.doctorInfoUpdated })).toBeVisible();

    expect(await visitorSees()).toContain(bio);
  });

  test('a patient is refused', async ({ page }) => {
    await signIn(page, 'patient', '/login/patient');
    await page.goto('/dashboard/doctor');
    await expectPageLoaded(page, 'Doctor Dashboard');
    await expect(page.getByText('The doctor dashboard is for staff.')).toBeVisible();
    await expect(clock(page)).toHaveCount(0);
  });

  test.describe('at 360 px', () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

    test('the dashboard fits and passes axe', async ({ page }) => {
      await signIn(page, 'manager', '/login/doctor');
      await page.goto('/dashboard/doctor');
      await expectPageLoaded(page, 'Doctor Dashboard');
      await expect(clock(page).getByRole('button').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });
  });
});
