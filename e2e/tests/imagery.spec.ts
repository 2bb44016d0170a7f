import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPageLoaded, signIn } from './support/app';

/**
 * A site that looks finished (issue 14): the demo's promotions, offices, insurances and rewards have pictures
 * of their own, people without one show their initials, and no picture on these pages fails to show.
 */
async function expectEveryPictureShown(page: Page) {
  // Lazy pictures load once scrolled to: each one not shown yet is brought into view, until every one has
  // loaded (a loaded machine may not start a picture that a quick pass scrolled by) or the poll gives up.
  const images = page.locator('main img:visible');
  await expect
    .poll(
      async () =>
        images.evaluateAll((all) =>
          all
            .filter((img) => {
              const image = img as HTMLImageElement;
              const missing = !image.complete || image.naturalWidth === 0;
              if (missing) image.scrollIntoView({ block: 'center' });
              return missing;
            })
            .map((img) => (img as HTMLImageElement).src),
        ),
      { timeout: 20_000 },
    )
    .toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const width of [1280, 360]) {
  test.describe(`pictures at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the home page, offices, care team, insurances and rewards show real pictures', async ({ page }) => {
      // Every picture shows; the demo's records have their own (other tests may add records without one, which
      // then show the redrawn default).
      for (const [path, heading, own] of [
        ['/', undefined, '/images/promotion/demo-'],
        ['/office', 'Our Offices', '/images/office/demo-den.webp'],
        ['/staff', 'Meet Our Care Team', null],
        ['/insurance', 'Insurance Coverage Directory', null],
      ] as const) {
        await page.goto(path);
        await expectPageLoaded(page, heading);
        await expectEveryPictureShown(page);
        if (own) await expect(page.locator(`main img[src^="${own}"]`).first()).toBeAttached();
      }
      await page.getByLabel('Search by insurance name').fill('Aetna');
      await expect(page.locator('main img[src="/images/insurance/demo-aet.webp"]')).toBeVisible();
      // People without a picture of their own show their initials on a brand colour.
      await page.goto('/staff');
      await expect(page.locator('main article svg').first()).toHaveText(/^\p{L}{1,2}$/u);
    });

    test("the patient's dashboard and the rewards shop", async ({ page }) => {
      await signIn(page, 'patient', '/login/patient');
      for (const path of ['/dashboard/patient', '/pointpatientinventory']) {
        await page.goto(path);
        await expectPageLoaded(page);
        await expectEveryPictureShown(page);
      }
      await expect(page.locator('main img[src$="/images/inventory/demo-water-bottle.webp"]')).toBeVisible();
    });
  });
}
