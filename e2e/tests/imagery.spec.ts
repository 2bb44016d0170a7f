import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPageLoaded, signIn } from './support/app';

/**
 * A site that looks finished (issue 14): the demo's promotions, offices, insurances and rewards have pictures
 * of their own, people without one show their initials, and no page shows a default picture or a broken one.
 */
async function expectEveryPictureShown(page: Page) {
  // Lazy pictures load once scrolled to: go down the page and back.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo(0, 0);
  });
  const images = page.locator('main img:visible');
  await expect
    .poll(async () =>
      images.evaluateAll((all) =>
        all
          .filter(
            (img) => !(img as HTMLImageElement).complete || (img as HTMLImageElement).naturalWidth === 0,
          )
          .map((img) => (img as HTMLImageElement).src),
      ),
    )
    .toEqual([]);
  const sources = await images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).src));
  expect(sources.filter((src) => /\/images\/(doctor\/|insurance\/)?default\.(png|jpg)$/.test(src))).toEqual(
    [],
  );
}

for (const width of [1280, 360]) {
  test.describe(`pictures at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the home page, offices, care team, insurances and rewards show real pictures', async ({ page }) => {
      for (const [path, heading] of [
        ['/', undefined],
        ['/office', 'Our Offices'],
        ['/staff', 'Meet Our Care Team'],
        ['/insurance', 'Insurance Coverage Directory'],
      ] as const) {
        await page.goto(path);
        await expectPageLoaded(page, heading);
        await expectEveryPictureShown(page);
      }
      await expect(page.locator('main img:visible')).not.toHaveCount(0);
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
    });
  });
}
