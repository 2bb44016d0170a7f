import { readFileSync } from 'node:fs';
import { MSG, msg } from '@clinic/contract/messages';
import { addCalendarDays, calendarDateInZone } from '@clinic/contract/office-hours';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPageLoaded, openClinicPage, signIn } from './support/app';
import { expectNoAxeViolations } from './support/axe';

/**
 * The loyalty and feedback loop (issue 11): a manager creates a reward with a picture; the patient buys it
 * and sees the balance drop and the receipt Pending; the desk puts the patient's visit of today on the
 * voucher and completes it (check-in happens on the visit's day, issue 28: David Thompson's visit at
 * Raleigh, open every day, is seeded for today) and the receipt shows Received; the patient rates the visit
 * and gets the point; the admin finds the rating on the ratings dashboard and downloads a CSV holding exactly
 * that row.
 */
const RALEIGH = 'Summit PT Raleigh North Hills';
const PATIENT = { username: 'dthompson', name: 'David Thompson' };
const DOCTOR = 'Nora Quinlan';
const REWARD = 'E2E Sunrise Massage';
const PRICE = 2;
/** A reason that looks like a spreadsheet formula and needs quoting: the CSV must neutralise and quote it. */
const REASON = '=1+1 gentle, "thorough" care';

/** A 1x1 PNG. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The signed-in patient's balance as the dashboard shows it. */
async function points(page: Page): Promise<number> {
  await page.goto('/dashboard/patient');
  const total = page.getByRole('region', { name: 'Reward points' }).getByText(/^\d+$/);
  await expect(total).toBeVisible();
  return Number(await total.textContent());
}

const receiptRow = (page: Page, reward = REWARD) => page.getByRole('row', { name: new RegExp(reward) });

/** Ends the session in this page (as Logout does) and signs in as another account. */
async function switchTo(page: Page, username: string, loginPath: '/login/patient' | '/login/doctor') {
  await page.evaluate(() => window.localStorage.clear());
  await page.context().clearCookies();
  await signIn(page, username, loginPath);
}

/** The signed-in manager creates a reward on sale from today. */
async function createReward(page: Page, title: string, price: number, today: string) {
  await page.goto('/register/point-item');
  await expectPageLoaded(page);
  const form = page.getByRole('form', { name: 'New item' });
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel(/^Description/).fill('Thirty minutes of massage at any office.');
  await form.getByLabel(/^Price/).fill(String(price));
  await form.getByLabel(/^Start date/).fill(today);
  await form.getByLabel(/^End date/).fill(addCalendarDays(today, 30));
}

test.describe
  .serial('rewards, vouchers and ratings', () => {
    // Raleigh's today, the day of the visit.
    const today = calendarDateInZone(new Date(), 'America/New_York');
    const date = today;
    let balance = 0;

    test('a manager creates a reward and gives it a picture', async ({ page }) => {
      await signIn(page, 'manager', '/login/doctor');
      await createReward(page, REWARD, PRICE, today);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Create Item' }).click();
      await expect(page.getByText(MSG.itemCreated)).toBeVisible();

      await page.getByRole('button', { name: `Edit ${REWARD}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByLabel('Picture')
        .setInputFiles({ name: 'massage.png', mimeType: 'image/png', buffer: PICTURE });
      await expect(dialog.getByText(MSG.imageUploaded)).toBeVisible();
      await dialog.getByRole('button', { name: 'Save item' }).click();
      await expect(page.getByText(MSG.itemUpdated)).toBeVisible();
    });

    test('the patient buys it: the balance drops and the receipt is Pending', async ({ page }) => {
      await signIn(page, PATIENT.username, '/login/patient');
      balance = await points(page);
      expect(balance).toBeGreaterThanOrEqual(PRICE);

      await page.goto('/pointpatientinventory');
      await expectPageLoaded(page, 'Rewards');
      const card = page.getByRole('article', { name: REWARD });
      // The picture is decorative (the title says what it is), so it is found as an image element.
      await expect(card.locator('img')).toHaveAttribute('src', /\/images\/inventory\//);
      await expect(card).toContainText(`${PRICE} points`);
      await expectNoAxeViolations(page);
      await card.getByRole('button', { name: `Buy ${REWARD}` }).click();
      const confirm = page.getByRole('dialog', { name: `Spend ${PRICE} points on ${REWARD}?` });
      await confirm.getByRole('button', { name: 'Buy' }).click();
      await expect(page.getByText(MSG.purchaseComplete)).toBeVisible();
      await expect(page.getByText(`${balance - PRICE} points`).first()).toBeVisible();

      await page.goto('/patientreceipt');
      await expectPageLoaded(page, 'My Rewards History');
      await expect(receiptRow(page)).toContainText('Pending');
      await expectNoAxeViolations(page);
    });

    test("the desk puts today's visit on the voucher and completes it; the receipt shows Received", async ({
      page,
    }) => {
      await signIn(page, 'admin', '/login/doctor');
      await page.goto('/frontdeskcheckin');
      await expectPageLoaded(page, 'Front Desk Check-In');
      await page.getByLabel('Office').selectOption({ label: RALEIGH });
      await page.getByLabel('Date').fill(date);
      const visit = page.getByRole('article', { name: PATIENT.name }).filter({ hasText: '11:00 am' });
      await visit.getByRole('link', { name: 'Details' }).click();
      await expectPageLoaded(page, /^Appointment #\d+$/);
      await page.getByLabel('Type of visit').selectOption({ label: `Voucher: ${REWARD}` });
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: MSG.appointmentUpdated })).toBeVisible();

      await page.goto('/frontdeskcheckin');
      await page.getByLabel('Office').selectOption({ label: RALEIGH });
      await page.getByLabel('Date').fill(date);
      await expect(visit).toContainText(`Voucher: ${REWARD}`);
      for (const [action, status] of [
        ['Walk In', 'Walked In'],
        ['In Room', 'In Room'],
        ['Complete', 'Completed'],
      ] as const) {
        await visit.getByRole('button', { name: action }).click();
        await expect(page.getByRole('status').filter({ hasText: msg.statusUpdated(status) })).toBeVisible();
      }
    });

    test('the patient sees the reward Received, rates the visit and gets the point', async ({ page }) => {
      await signIn(page, PATIENT.username, '/login/patient');
      await page.goto('/patientreceipt');
      await expect(receiptRow(page)).toContainText('Received');
      // The completed visit earned its point.
      expect(await points(page)).toBe(balance - PRICE + 1);

      const ratings = page.getByRole('region', { name: 'Ratings' });
      // Today's visit: the patient has older visits with the same doctor that are not rated yet either.
      const visitDay = new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${date}T12:00:00Z`));
      const visit = ratings
        .getByRole('row')
        .filter({ hasText: DOCTOR })
        .filter({ hasText: visitDay })
        .filter({
          has: page.getByRole('button', { name: /^Rate this visit/ }),
        });
      const opened = page.waitForEvent('popup');
      await visit
        .getByRole('button', { name: /^Rate this visit/ })
        .first()
        .click();
      const popup = await opened;
      await expectPageLoaded(popup);
      const form = popup.getByRole('form', { name: 'Rate your visit' });
      await form
        .getByRole('group', { name: 'Overall rating' })
        .getByRole('radio', { name: '8', exact: true })
        .check();
      await form
        .getByRole('group', { name: 'Office rating' })
        .getByRole('radio', { name: '9', exact: true })
        .check();
      await form.getByLabel('Reason').fill(REASON);
      await form.getByLabel('Extra notes').fill('Booked with a reward voucher.');
      await expectNoAxeViolations(popup);
      const closed = popup.waitForEvent('close');
      await form.getByRole('button', { name: 'Submit rating' }).click();
      await expect(popup.getByText(MSG.ratingThanks)).toBeVisible();
      await closed;

      // The dashboard shows the rating, and the rating's point.
      await expect(ratings.getByRole('row').filter({ hasText: REASON })).toContainText('8/10');
      expect(await points(page)).toBe(balance - PRICE + 2);
    });

    test('the admin finds the rating on the ratings dashboard and exports exactly the filtered rows', async ({
      page,
    }) => {
      await signIn(page, 'admin', '/login/doctor');
      await openClinicPage(page, 'View Ratings');
      await expectPageLoaded(page);
      const filters = page.getByRole('form', { name: 'Rating filters' });
      await filters.getByLabel('Doctor').selectOption({ label: DOCTOR });
      await filters.getByLabel('Visits from').fill(date);
      await filters.getByLabel('Visits to').fill(date);
      await filters.getByRole('button', { name: 'Apply filters' }).click();
      const table = page.getByRole('table', { name: /Patients' ratings/ });
      await expect(table.getByRole('row')).toHaveCount(2);
      const row = table.getByRole('row').filter({ hasText: REASON });
      await expect(row).toContainText(PATIENT.name);
      await expect(row).toContainText('8/10');
      await expect(row).toContainText('9/10');
      await expectNoAxeViolations(page);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('ratings_export.csv');
      const csv = readFileSync((await file.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
      const lines = csv.split('\r\n').filter((line) => line !== '');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toBe(
        'Patient,Doctor,Doctor rating (out of 10),Office,Office rating (out of 10),Date,Reason,Notes,Anonymous',
      );
      expect(lines[1]).toContain(`${PATIENT.name},${DOCTOR},8,`);
      expect(lines[1]).toContain(`"'=1+1 gentle, ""thorough"" care"`);
    });

    test('a physical reward is handed over at the desk: Received for the manager and the patient (issue 28)', async ({
      page,
    }) => {
      // A physical reward, handed over at the desk rather than used for a visit; a name of its own per run.
      const BAND = `E2E Resistance Band ${Date.now().toString(36)}`;
      await signIn(page, 'manager', '/login/doctor');
      await createReward(page, BAND, 1, today);
      await page.getByRole('button', { name: 'Create Item' }).click();
      await expect(page.getByText(MSG.itemCreated)).toBeVisible();

      await switchTo(page, 'obennett', '/login/patient');
      await page.goto('/pointpatientinventory');
      await page
        .getByRole('article', { name: BAND })
        .getByRole('button', { name: `Buy ${BAND}` })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Buy' }).click();
      await expect(page.getByText(MSG.purchaseComplete)).toBeVisible();
      await page.goto('/dashboard/patient');
      await page.getByRole('link', { name: 'View Receipt' }).click();
      await expectPageLoaded(page, 'My Rewards History');
      await expect(receiptRow(page, BAND)).toContainText('Pending');
      // A patient cannot hand a reward to themselves.
      await expect(page.getByRole('button', { name: /^Mark handed over/ })).toHaveCount(0);
      const patientId = await page.evaluate(() => localStorage.getItem('patientId'));

      await switchTo(page, 'manager', '/login/doctor');
      await page.goto(`/patientreceipt?patientId=${patientId}`);
      await expectPageLoaded(page, 'Rewards History');
      await expect(receiptRow(page, BAND)).toContainText('Pending');
      await receiptRow(page, BAND)
        .getByRole('button', { name: `Mark handed over: ${BAND}` })
        .click();
      const confirm = page.getByRole('dialog', { name: `Hand over ${BAND}` });
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: 'Mark handed over' }).click();
      await expect(page.getByText(MSG.rewardHandedOver)).toBeVisible();
      await expect(receiptRow(page, BAND)).toContainText('Received');
      await expect(receiptRow(page, BAND).getByRole('button')).toHaveCount(0);

      await switchTo(page, 'obennett', '/login/patient');
      await page.goto('/patientreceipt');
      await expect(receiptRow(page, BAND)).toContainText('Received');
    });
  });
