import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CAROUSEL_AUTOPLAY_MS,
  FAQ_PANEL_MAX_HEIGHT_PX,
  PRACTICE_EMAIL,
  PRACTICE_PHONE,
} from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPageLoaded, signIn } from './support/app';
import { expectNoAxeViolations } from './support/axe';

const PICTURE = readFileSync(fileURLToPath(new URL('../../web/public/images/default.png', import.meta.url)));

interface WirePromotion {
  id: number;
  title: string;
  status: number;
}

async function carouselPromotions(request: APIRequestContext): Promise<WirePromotion[]> {
  const response = await request.get('/api/promotions/sorted');
  expect(response.ok()).toBe(true);
  return response.json();
}

const carousel = (page: Page) => page.getByRole('region', { name: 'Promotions', exact: true });
/** The one slide that is shown (the others are aria-hidden and inert). */
const shownSlide = (page: Page): Locator =>
  carousel(page).locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');

/**
 * Fake timers that move only when the test says: the clock runs while the page loads, then stops until
 * clock.runFor moves it.
 */
async function openWithStoppedClock(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await expect(carousel(page)).toBeVisible();
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/** Moves the pointer off the carousel and takes keyboard focus out of it (both pause it). */
async function leaveCarousel(page: Page) {
  await page.mouse.move(1, 1);
  await page.locator('body').click({ position: { x: 1, y: 1 } });
}

/** Holds the page's requests for `url` until the function returned is called (a slow network). */
async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

test.describe('home page', () => {
  test('the promotions carousel advances every 6 s, pauses on hover and loops', async ({ page, request }) => {
    const promotions = await carouselPromotions(request);
    const count = promotions.length;
    expect(count).toBeGreaterThanOrEqual(3);
    await openWithStoppedClock(page, '/');
    await expectPageLoaded(page, 'Care that gets you moving again');
    await expect(carousel(page)).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(shownSlide(page)).toHaveAttribute('aria-label', `1 of ${count}`);
    await expect(shownSlide(page)).toContainText(promotions[0]?.title ?? '');
    await expect(carousel(page).locator('[aria-roledescription="slide"]')).toHaveCount(count);

    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS);
    await expect(shownSlide(page)).toHaveAttribute('aria-label', `2 of ${count}`);
    await expect(shownSlide(page)).toContainText(promotions[1]?.title ?? '');

    // The pointer over the carousel holds the slide.
    await carousel(page).hover();
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS * 3);
    await expect(shownSlide(page)).toHaveAttribute('aria-label', `2 of ${count}`);
    await leaveCarousel(page);
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS);
    await expect(shownSlide(page)).toHaveAttribute('aria-label', `3 of ${count}`);

    // From the last slide it goes round to the first.
    await page
      .getByRole('button', { name: `Show slide ${count} of ${count}: ${promotions[count - 1]?.title}` })
      .click();
    await expect(shownSlide(page)).toHaveAttribute('aria-label', `${count} of ${count}`);
    await leaveCarousel(page);
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS);
    await expect(shownSlide(page)).toHaveAttribute('aria-label', `1 of ${count}`);
  });

  test('the carousel pauses while keyboard focus is inside it, and its pause button stops it', async ({
    page,
    request,
  }) => {
    const count = (await carouselPromotions(request)).length;
    await openWithStoppedClock(page, '/');
    await expect(shownSlide(page)).toHaveAttribute('aria-label', `1 of ${count}`);
    const stop = page.getByRole('button', { name: 'Stop automatic slide show' });
    await stop.focus();
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS * 2);
    await expect(shownSlide(page)).toHaveAttribute('aria-label', `1 of ${count}`);
    await stop.click();
    await leaveCarousel(page);
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS * 2);
    await expect(shownSlide(page)).toHaveAttribute('aria-label', `1 of ${count}`);
    await page.getByRole('button', { name: 'Start automatic slide show' }).click();
    await leaveCarousel(page);
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS);
    await expect(shownSlide(page)).toHaveAttribute('aria-label', `2 of ${count}`);
  });

  test('the FAQ has 10 questions and keeps one open at a time', async ({ page }) => {
    await page.goto('/');
    await expectPageLoaded(page);
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    await expect(faq.getByRole('heading', { level: 3 })).toHaveCount(10);
    const items = faq.locator('details');
    const summary = (i: number) => items.nth(i).locator('summary');
    await summary(0).click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    const firstPanel = items.nth(0).locator('summary + *');
    await expect(firstPanel).toBeVisible();
    await expect(firstPanel).toHaveCSS('max-height', `${FAQ_PANEL_MAX_HEIGHT_PX}px`);
    await summary(1).click();
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open');
    await expect(firstPanel).toBeHidden();
    await expect(faq.locator('details[open]')).toHaveCount(1);
    // From the keyboard too.
    await summary(9).focus();
    await page.keyboard.press('Enter');
    await expect(faq.locator('details[open]')).toHaveCount(1);
    await expect(items.nth(9)).toHaveAttribute('open', '');
    await expectNoAxeViolations(page);
  });

  test('the prerendered FAQ works before any script has run (a slow phone, or scripts blocked)', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const faq = page.getByRole('region', { name: 'Frequently asked questions' });
      const items = faq.locator('details');
      await expect(items).toHaveCount(10);
      await items.nth(2).locator('summary').click();
      await expect(items.nth(2)).toHaveAttribute('open', '');
      await expect(items.nth(2).getByText('Your first visit is a full evaluation')).toBeVisible();
      await items.nth(3).locator('summary').click();
      await expect(items.nth(2)).not.toHaveAttribute('open');
      await expect(faq.locator('details[open]')).toHaveCount(1);
    } finally {
      await context.close();
    }
  });

  test('shows the info cards, the services, the rewards text and the 2-48 hours note', async ({ page }) => {
    await page.goto('/');
    await expectPageLoaded(page);
    const main = page.getByRole('main');
    for (const heading of [
      'Appointments that fit your week',
      'What makes us different',
      'Orthopedic rehab',
      'What is physical therapy?',
    ]) {
      await expect(main.getByRole('heading', { name: heading })).toBeVisible();
    }
    for (const service of [
      'Massage therapy',
      'Acupuncture',
      'Pressotherapy',
      'Cold laser therapy',
      'Chiropractic care',
    ]) {
      await expect(main.getByRole('heading', { name: service, exact: true })).toBeVisible();
    }
    await expect(main).toContainText('1 point for each completed appointment');
    await expect(main).toContainText('1 point when you complete the rating');
    await expect(main).toContainText('non-transferable and have no cash value');
    await expect(main).toContainText('may take 2 to 48 hours to load');
    // Signed out: no search box, the two sign-in doors instead.
    await expect(page.getByRole('search')).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Patient Login' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a patient searches on Enter only: insurance first, then care team, else a message', async ({
    page,
  }) => {
    await signIn(page, 'patient', '/login/patient');
    await page.goto('/');
    const search = page.getByRole('search');
    const box = search.getByLabel('Search insurance and our care team');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/search/all')) calls.push(r.url());
    });
    await box.fill('aetna');
    await page.waitForTimeout(300);
    expect(calls, 'typing alone does not search').toEqual([]);
    await box.press('Enter');
    await expect(search.getByRole('heading', { name: 'Aetna' })).toBeVisible();
    await expect(search.getByRole('article')).toHaveCount(1);

    await box.fill('archer');
    await box.press('Enter');
    await expect(search.getByRole('heading', { name: 'Ben Archer' })).toBeVisible();
    await expect(search).toContainText('PT Staff');

    await box.fill('zzzz-no-such-thing');
    await box.press('Enter');
    await expect(search.getByText(MSG.noResultsFound)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('staff search patients only', async ({ page }) => {
    await signIn(page, 'frontdesk', '/login/doctor');
    await page.goto('/');
    const search = page.getByRole('search');
    const box = search.getByLabel('Search patients');
    await box.fill('aetna');
    await box.press('Enter');
    await expect(search.getByText(MSG.noPatientsFound)).toBeVisible();
    const patients = await (
      await page.request.get('/api/patient/search/all?query=a', {
        headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('jwt'))}` },
      })
    ).json();
    const first = patients[0] as { firstName: string; lastName: string };
    await box.fill(first.lastName);
    await box.press('Enter');
    await expect(search.getByRole('article')).toHaveCount(1);
    await expect(search.getByRole('article')).toContainText(first.lastName);
  });
});

test.describe('promotions', () => {
  test('a manager creates a promotion with an image; it appears in the carousel; then edits, hides and deletes it', async ({
    page,
  }) => {
    const title = `Spring Balance Class ${Date.now()}`;
    await signIn(page, 'manager', '/login/doctor');
    await page.goto('/register/promotion');
    await expectPageLoaded(page, 'Add Promotion');
    await expect(page).toHaveTitle(/Add Promotion/);

    // Everything is required, the image included.
    await page.getByRole('button', { name: 'Create Promotion' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.promotionFieldsRequired })).toBeVisible();
    // The picture needs a title first.
    await expect(page.getByLabel('Image')).toBeDisabled();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page
      .getByLabel('Description')
      .fill('Improve your balance in a free 30-minute group class every Saturday.');
    await page
      .getByLabel('Image')
      .setInputFiles({ name: 'balance.png', mimeType: 'image/png', buffer: PICTURE });
    await expect(page.getByRole('status').filter({ hasText: MSG.promotionImageUploaded })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create Promotion' }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.promotionCreated })).toBeVisible();

    // It is in the management list, shown at position 1.
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(item).toContainText('Shown (position 1)');

    // And on the home page, with its picture.
    await page.goto('/');
    const dot = page.getByRole('button', { name: new RegExp(`^Show slide \\d+ of \\d+: ${title}$`) });
    await dot.click();
    await expect(shownSlide(page)).toContainText(title);
    const picture = shownSlide(page).locator('img');
    await expect(picture).toHaveAttribute(
      'src',
      /^\/images\/promotion\/spring-balance-class-\d+-balance\.png$/,
    );
    await expect(picture).toHaveJSProperty('complete', true);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Edit, hide, delete.
    await page.goto('/register/promotion');
    await item.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Description').fill('Now on Sundays too.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(item).toContainText('Now on Sundays too.');

    await item.getByRole('button', { name: 'Hide' }).click();
    await expect(item).toContainText('Hidden');
    const sorted = await (await page.request.get('/api/promotions/sorted')).json();
    expect(sorted.some((p: WirePromotion) => p.title === title)).toBe(false);

    await item.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this promotion?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: `Delete ${title}` }).click();
    await confirm.getByRole('button', { name: 'Delete promotion' }).click();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  });

  test('other roles see Access Denied on /register/promotion', async ({ page }) => {
    await signIn(page, 'frontdesk', '/login/doctor');
    await page.goto('/register/promotion');
    await expectPageLoaded(page, 'Add Promotion');
    await expect(page.getByRole('alert')).toHaveText(MSG.accessDenied);
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveCount(0);
  });
});

test.describe('static pages', () => {
  for (const path of ['/terms', '/privacy', '/contact']) {
    test(`${path} says what the spec lists and passes axe`, async ({ page }) => {
      await page.goto(path);
      await expectPageLoaded(page);
      const main = page.getByRole('main');
      await expect(main).toContainText('June 8th 2025');
      await expect(main).toContainText('STOP');
      await expect(main).toContainText('HELP');
      await expect(main).toContainText(/non-transferable/);
      await expect(main).toContainText(/name, e-mail address(,| and) phone number/);
      await expect(main).toContainText(/insurance/i);
      await expect(main).toContainText(/third parties/);
      await expect(main).toContainText(/cookies/i);
      await expect(main.getByRole('link', { name: PRACTICE_PHONE }).first()).toBeVisible();
      await expect(main.getByRole('link', { name: PRACTICE_EMAIL }).first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('every page links to terms, privacy and contact in its footer', async ({ page }) => {
    for (const path of [
      '/',
      '/terms',
      '/privacy',
      '/contact',
      '/content/1',
      '/register/promotion',
      '/content-creator',
    ]) {
      await page.goto(path);
      await expectPageLoaded(page);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: /terms/i })).toHaveAttribute('href', '/terms');
      await expect(footer.getByRole('link', { name: /privacy/i })).toHaveAttribute('href', '/privacy');
      await expect(footer.getByRole('link', { name: /contact/i })).toHaveAttribute('href', '/contact');
    }
  });
});

test.describe('screens', () => {
  test('at 1280 px the carousel has arrows', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await expect(carousel(page).getByRole('button', { name: 'Next slide' })).toBeVisible();
    await expect(carousel(page).getByRole('button', { name: 'Previous slide' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test.describe('at 360 px', () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

    test('the home page fits, the carousel hides its arrows and keeps its dots', async ({ page }) => {
      await page.goto('/');
      await expectPageLoaded(page);
      await expect(carousel(page).getByRole('button', { name: 'Next slide' })).toBeHidden();
      await expect(carousel(page).getByRole('button', { name: /^Show slide 1 of/ })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });

    test('the promotion page fits', async ({ page }) => {
      await signIn(page, 'manager', '/login/doctor');
      await page.goto('/register/promotion');
      await expectPageLoaded(page, 'Add Promotion');
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });
  });
});

test.describe('prerendered home page (docs/decisions/0027)', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the home page is readable from its HTML alone; other pages are the app shell', async ({ page }) => {
      await page.goto('/');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Care that gets you moving again' }),
      ).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Patient Login' })).toHaveAttribute(
        'href',
        '/login/patient',
      );
      await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: /privacy/i })).toBeVisible();
      // Styled from the HTML itself: the hero has its colours without any stylesheet download.
      const color = await page
        .getByRole('heading', { level: 1 })
        .evaluate((h1) => getComputedStyle(h1).color);
      expect(color).not.toBe('rgb(0, 0, 0)');

      await page.goto('/login/patient');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    });
  });

  test('the app takes over the prerendered page without rebuilding it, and it works', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Hold the app's code back until the prerendered page has been seen.
    const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
    await page.goto('/', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: 'Care that gets you moving again' });
    await expect(heading).toBeVisible();
    await heading.evaluate((h1) => {
      (window as unknown as { prerenderedHeading: Element }).prerenderedHeading = h1;
    });
    release();

    // Running: the promotions arrive from the server and the menu button answers.
    await expect(carousel(page).locator('[aria-roledescription="slide"]').first()).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (window as unknown as { prerenderedHeading: Element }).prerenderedHeading ===
            document.querySelector('h1'),
        ),
      )
      .toBe(true);
    await page.getByRole('link', { name: 'Patient Login' }).click();
    await expect(page).toHaveURL(/\/login\/patient$/);
    await expectPageLoaded(page);
    expect(errors).toEqual([]);
  });

  test.describe('a button pressed before the app has started is pressed once it has (src/early-input.ts)', () => {
    /** Opens the home page with the app's code held back until `release` is called (a slow phone). */
    async function openBeforeTheAppStarts(page: Page): Promise<() => void> {
      const release = await holdBack(page, /\/assets\/start-[^/]+\.js$/);
      await page.goto('/');
      // The entry runs and holds presses; the app itself has not.
      await expect(page.locator('html[data-app="starting"]')).toHaveCount(1);
      return release;
    }

    test('the Login menu opens from a click made before the app ran', async ({ page }) => {
      const release = await openBeforeTheAppStarts(page);
      const login = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' });
      await login.click();
      await expect(page.locator('html[data-app="starting"]')).toHaveCount(1);
      await expect(login).toHaveAttribute('aria-expanded', 'false');
      release();
      await expect(page.locator('html[data-app="running"]')).toHaveCount(1);
      await expect(login).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('menu', { name: 'Login' }).getByRole('menuitem')).toHaveCount(2);
    });

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 360, height: 740 } });

      test('the menu toggle opens the menu from a tap made before the app ran', async ({ page }) => {
        const release = await openBeforeTheAppStarts(page);
        const toggle = page.getByRole('button', { name: 'Menu', exact: true });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        release();
        await expect(page.locator('html[data-app="running"]')).toHaveCount(1);
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await expect(
          page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
        ).toBeVisible();
      });
    });
  });

  test('a signed-in patient gets the prerendered page with their search box and menu', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'patient', '/login/patient');
    await page.goto('/');
    await expect(page.getByLabel('Search insurance and our care team')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Patient Login' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
