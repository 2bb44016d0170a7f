import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MSG } from '@clinic/contract/messages';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, expectPageLoaded, mainNav, submitLogin } from './support/app';
import { expectNoAxeViolations } from './support/axe';

const PICTURE = readFileSync(fileURLToPath(new URL('../../web/public/images/default.png', import.meta.url)));

async function signIn(page: Page, username: string) {
  await page.goto('/login/doctor');
  await submitLogin(page, username);
  await expect(page.getByRole('status').filter({ hasText: MSG.loginSuccessful })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login\//, { timeout: 10_000 });
}

async function staffToken(request: APIRequestContext, username = 'admin'): Promise<string> {
  const response = await request.post('/api/doctorinfo/doctor/login', {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).token;
}

/** Opens a content menu of the navigation and a page from it (spec §2 Navigation). */
async function openFromMenu(page: Page, menu: string, category: string, title: string) {
  const nav = mainNav(page);
  const trigger = nav.getByRole('button', { name: menu, exact: true });
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('button', { name: category, exact: true }).click();
  await nav.getByRole('button', { name: title, exact: true }).click();
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

test.describe('content pages', () => {
  test('an admin writes a page with bold text and an image; it appears in the menu, and the overlay opens and closes', async ({
    page,
  }) => {
    // A whole journey (write, upload, menu, overlay, page, delete): near 30 s on a busy 2-core machine.
    test.slow();
    const stamp = Date.now();
    const title = `Hip Mobility Basics ${stamp}`;
    const menu = `Guides ${stamp}`;
    await signIn(page, 'admin');
    await page.goto('/content-creator');
    await expectPageLoaded(page, 'Manage Content');
    await expect(page).toHaveTitle(/Manage Content/);

    // Without a title nothing is saved.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.titleRequired })).toBeVisible();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByLabel('Category').fill('Mobility');
    await page.getByLabel('Extra data').fill(menu);
    await expect(page.getByLabel('Font size (px)')).toHaveValue('18');
    await page.getByLabel('Font size (px)').fill('20');

    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.type('Move gently every day.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Never push into sharp pain.');
    // Select the last sentence and make it bold with the toolbar.
    await page.keyboard.press('Shift+Home');
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect(editor.locator('b, strong')).toHaveText('Never push into sharp pain.');

    await page.getByLabel('Choose images').setInputFiles([
      { name: 'hip-stretch.png', mimeType: 'image/png', buffer: PICTURE },
      { name: 'hip-bridge.png', mimeType: 'image/png', buffer: PICTURE },
    ]);
    await expect(
      page.getByRole('status').filter({ hasText: '2 images uploaded successfully.' }),
    ).toBeVisible();
    const slug = `hip-mobility-basics-${stamp}`;
    await expect(editor.locator('img')).toHaveCount(2);
    await expect(editor.locator('img').first()).toHaveAttribute(
      'src',
      `/images/content/${slug}-hip-stretch.png`,
    );
    const imagesBox = page.getByRole('group', { name: 'Images' });
    await expect(imagesBox.getByRole('checkbox')).toHaveCount(2);

    // Delete Selected Images takes one out of the grid and the text.
    await imagesBox.getByRole('checkbox', { name: `${slug}-hip-bridge.png` }).check();
    await page.getByRole('button', { name: /Delete Selected Images/ }).click();
    await expect(imagesBox.getByRole('checkbox')).toHaveCount(1);
    await expect(editor.locator('img')).toHaveCount(1);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.contentSaved })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible();

    // The navigation has the new menu; its title opens the overlay at the page's font size.
    await page.goto('/');
    await openFromMenu(page, menu, 'Mobility', title);
    const overlay = page.getByRole('dialog', { name: title });
    await expect(overlay).toBeVisible();
    await expect(overlay.locator('strong, b')).toHaveText('Never push into sharp pain.');
    await expect(overlay.locator('img')).toHaveAttribute('src', `/images/content/${slug}-hip-stretch.png`);
    await expect(overlay.getByText('Move gently every day.')).toHaveCSS('font-size', '20px');
    await expectNoAxeViolations(page);

    // Close button, Escape, and a click outside all close it.
    await overlay.getByRole('button', { name: 'Close' }).click();
    await expect(overlay).toHaveCount(0);
    await openFromMenu(page, menu, 'Mobility', title);
    await expect(overlay).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);
    await openFromMenu(page, menu, 'Mobility', title);
    await expect(overlay).toBeVisible();
    await page.mouse.click(5, 5); // on the backdrop, outside the panel
    await expect(overlay).toHaveCount(0);

    // The page itself: title, category, type, body at its size, gallery, Close goes back.
    const list = await (await page.request.get('/api/content/search', { params: { title } })).json();
    const id = list[0].id as number;
    await page.goto('/content-creator');
    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(`/content/${id}`);
    await expectPageLoaded(page, title);
    const main = page.getByRole('main');
    await expect(main.locator('dl')).toContainText(/Category\s*Mobility/);
    await expect(main.locator('dl')).toContainText(new RegExp(`Type\\s*${menu}`));
    await expect(main.getByRole('img', { name: `${title}, image 1 of 1` })).toBeVisible();
    await expectNoAxeViolations(page);
    await main.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL('/content-creator');

    // Open it again in the editor and delete it (after confirming): the menu goes away.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
    await expect(page.getByLabel('Font size (px)')).toHaveValue('20');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this page?' })
      .getByRole('button', { name: 'Delete page' })
      .click();
    await expect(page.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
    await page.goto('/');
    await expect(mainNav(page).getByRole('button', { name: menu, exact: true })).toHaveCount(0);
  });

  test('a page written in Markdown previews and saves', async ({ page }) => {
    const title = `Markdown Page ${Date.now()}`;
    await signIn(page, 'manager');
    await page.goto('/content-creator');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByLabel('Extra data').fill('Patient Resources');
    await page.getByLabel('Category').fill('Home Exercise');
    await page.getByLabel('Write in Markdown').check();
    const source = page.getByRole('textbox', { name: 'Content' });
    await source.fill('## Calf raises\n\nDo **ten** slowly.');
    await source.selectText();
    await page.getByRole('button', { name: 'Italic' }).click();
    await expect(source).toHaveValue('*## Calf raises\n\nDo **ten** slowly.*');
    await page.getByRole('button', { name: 'Italic' }).click();
    await page.getByRole('button', { name: 'Show preview' }).click();
    await expect(page.getByRole('heading', { name: 'Calf raises', level: 2 })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'ten' })).toBeVisible();
    await page.getByRole('button', { name: 'Hide preview' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.contentSaved })).toBeVisible();
    await page.goto('/');
    await openFromMenu(page, 'Patient Resources', 'Home Exercise', title);
    const overlay = page.getByRole('dialog', { name: title });
    await expect(overlay.getByRole('heading', { name: 'Calf raises' })).toBeVisible();
    await overlay.getByRole('button', { name: 'Close' }).click();
  });

  test('an XSS payload saved as content never runs', async ({ page, request }) => {
    const token = await staffToken(request);
    const title = `Payload ${Date.now()}`;
    const payload = [
      '<p>Before</p>',
      '<img src=x onerror="alert(1);window.__xss=1">',
      '<script>alert(2);window.__xss=2</script>',
      '<a id="bad-link" href="javascript:alert(3)">click me</a>',
      '<svg onload="alert(4)"></svg>',
      '<iframe srcdoc="<script>parent.alert(5)</script>"></iframe>',
      '<p onmouseover="alert(6)" style="background:url(javascript:alert(7))">Hover me</p>',
      '<a href="java&#x09;script:alert(8)">encoded</a>',
    ].join('');
    const saved = await request.post('/api/content/saveContent', {
      headers: { authorization: `Bearer ${token}` },
      data: { title, content: payload, fontSize: 16, category: 'Tests', extraData: 'Payloads' },
    });
    expect(saved.status()).toBe(201);
    const { id } = await saved.json();

    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });

    await page.goto(`/content/${id}`);
    await expectPageLoaded(page, title);
    await page.getByText('Hover me').hover();
    await page.getByText('click me').click();
    await page.getByText('encoded').click();
    await page.goto('/');
    await openFromMenu(page, 'Payloads', 'Tests', title);
    const overlay = page.getByRole('dialog', { name: title });
    await expect(overlay.getByText('Before')).toBeVisible();
    await overlay.getByText('Hover me').hover();
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    const body = overlay.locator('[data-server-html]');
    await expect(body).toContainText('Hover me');
    expect(
      await body.locator('script, iframe, svg, [onerror], [onload], [onmouseover], [style]').count(),
    ).toBe(0);
    await expect(overlay.locator('#bad-link')).toHaveCount(0);

    await request.delete(`/api/content/deleteContent/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  });

  test('other roles see Access Denied on /content-creator', async ({ page }) => {
    await signIn(page, 'doctor');
    await page.goto('/content-creator');
    await expectPageLoaded(page, 'Manage Content');
    await expect(page.getByRole('alert')).toHaveText(MSG.accessDenied);
    await expect(page.getByRole('textbox', { name: 'Content' })).toHaveCount(0);
  });

  test('an unknown page says so and offers Close', async ({ page }) => {
    await page.goto('/content/999999');
    await expect(page.getByRole('alert')).toContainText(MSG.failedToFetchContent);
    await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
  });

  test.describe('at 360 px', () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

    test('the content menus open inside the collapsed navigation; the creator and the page fit', async ({
      page,
    }) => {
      await page.goto('/');
      await expectPageLoaded(page);
      const nav = mainNav(page);
      await nav.getByRole('button', { name: 'Menu' }).tap();
      await nav.getByRole('button', { name: 'Patient Resources', exact: true }).tap();
      await nav.getByRole('button', { name: 'Your Visit', exact: true }).tap();
      await nav.getByRole('button', { name: 'What to Bring to Your First Visit' }).tap();
      const overlay = page.getByRole('dialog', { name: 'What to Bring to Your First Visit' });
      await expect(overlay).toBeVisible();
      await expectNoAxeViolations(page);
      await overlay.getByRole('button', { name: 'Close' }).tap();
      await expect(overlay).toHaveCount(0);

      await page.goto('/content/1');
      await expectPageLoaded(page);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);

      await signIn(page, 'admin');
      await page.goto('/content-creator');
      await expectPageLoaded(page, 'Manage Content');
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });
  });
});
