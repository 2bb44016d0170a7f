import { msg } from '@clinic/contract/messages';
import { addCalendarDays, calendarDateInZone } from '@clinic/contract/office-hours';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPageLoaded, signIn } from './support/app';
import { expectNoAxeViolations } from './support/axe';

/**
 * Check-in on the visit's own day, and undo (issue 28): a visit of a later day offers no Walk In (nor No Show);
 * today's visit is walked in and then undone, back to Scheduled, with the undo in its history. Raleigh is open
 * every day, and the demo seeds Michael O'Brien's visit there today at 10:00. Walking in and undoing leaves the
 * visit as it was, so the test can run again on the same data.
 */
const RALEIGH = 'Summit PT Raleigh North Hills';
const ZONE = 'America/New_York';
const DAY_HEADING = /· (\d+) appointments?$/;

async function openDay(page: Page, date: string): Promise<number> {
  await page.getByLabel('Date').fill(date);
  const heading = page.getByRole('heading', { level: 2, name: DAY_HEADING });
  await expect(heading).toBeVisible();
  return Number(DAY_HEADING.exec((await heading.textContent()) ?? '')?.[1] ?? 0);
}

/**
 * Each row of a card's buttons reaches both edges of its group: no button sits beside a hole (issue 28, item
 * 10: History was pushed to the far end of the one wrapping row, leaving a gap in the grid of buttons).
 */
async function expectButtonRowsFilled(card: Locator) {
  const boxes = await card.locator('button, a').evaluateAll((elements) =>
    elements.map((element) => {
      const own = element.getBoundingClientRect();
      const group = element.parentElement!.getBoundingClientRect();
      return {
        top: Math.round(own.top),
        left: own.left,
        right: own.right,
        start: group.left,
        end: group.right,
      };
    }),
  );
  const rows = new Map<number, typeof boxes>();
  for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box]);
  for (const [top, row] of rows) {
    const first = Math.min(...row.map((b) => b.left));
    const last = Math.max(...row.map((b) => b.right));
    expect(Math.abs(first - row[0]!.start), `row at ${top}px starts at its edge`).toBeLessThan(2);
    expect(Math.abs(row[0]!.end - last), `row at ${top}px reaches its edge`).toBeLessThan(2);
  }
}

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a later day offers no Walk In; today’s visit is walked in, then undone', async ({ page }) => {
      await signIn(page, 'frontdesk', '/login/doctor');
      await page.goto('/frontdeskcheckin');
      await expectPageLoaded(page, 'Front Desk Check-In');
      await page.getByLabel('Office').selectOption({ label: RALEIGH });
      const today = calendarDateInZone(new Date(), ZONE);

      // The first later day with visits: each card offers Cancel (a move of any day), never Walk In.
      let later = addCalendarDays(today, 1);
      while ((await openDay(page, later)) === 0) later = addCalendarDays(later, 1);
      const future = page.getByRole('article').first();
      await expect(future.getByRole('button', { name: 'Cancel' })).toBeVisible();
      await expect(future.getByRole('button', { name: 'Walk In' })).toHaveCount(0);
      await expect(future.getByRole('button', { name: 'No Show' })).toHaveCount(0);
      await expectButtonRowsFilled(future);

      await openDay(page, today);
      const card = page.getByRole('article', { name: /^Michael O.Brien$/ });
      await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
      await card.getByRole('button', { name: 'Walk In' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: msg.statusUpdated('Walked In') }),
      ).toBeVisible();
      await expect(card.getByText('Walked In', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'In Room' })).toBeVisible();
      await expectButtonRowsFilled(card);
      await expectNoAxeViolations(page);

      await card.getByRole('button', { name: 'Undo Walked In' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: msg.statusUndone('Walked In', 'Scheduled') }),
      ).toBeVisible();
      await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
      await expect(card.getByText(/^Walked In undone at .* by frontdesk$/)).toBeVisible();
      await expect(card.getByRole('button', { name: 'Walk In' })).toBeVisible();
      await expect(card.getByRole('button', { name: /^Undo/ })).toHaveCount(0);

      await card.getByRole('button', { name: 'History' }).click();
      const items = card.getByRole('region', { name: 'Status history' }).getByRole('listitem');
      await expect(items.last()).toHaveText(/^Scheduled \(Walked In undone\) · .* · by frontdesk$/);
      await expect(items.nth((await items.count()) - 2)).toHaveText(
        /^Walked In \(from Scheduled\) · .* · by frontdesk$/,
      );
      await expectNoAxeViolations(page);
    });
  });
}
