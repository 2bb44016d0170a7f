import { MSG } from '@clinic/contract/messages';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { clickClosingPopup, DEMO_PASSWORD, expectPageLoaded } from './support/app';
import { expectNoAxeViolations } from './support/axe';

/** A valid 1x1 PNG; the server re-encodes whatever it is given. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const AUSTIN = { id: 2, name: 'Summit PT Austin South Congress' };
const RALEIGH = { id: 4, name: 'Summit PT Raleigh North Hills' };

interface Login {
  token: string;
  role: string;
  username: string;
  doctorId?: number;
}

async function apiLogin(request: APIRequestContext, username: string): Promise<Login> {
  const res = await request.post('/api/doctorinfo/doctor/login', {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return res.json();
}

/** Signs in without the login form (its own tests cover it): the stored session the app reads. */
async function signIn(page: Page, request: APIRequestContext, username: string): Promise<Login> {
  const login = await apiLogin(request, username);
  await page.goto('/');
  await page.evaluate((l) => {
    localStorage.setItem('jwt', l.token);
    localStorage.setItem('role', l.role);
    localStorage.setItem('username', l.username);
    if (l.doctorId) localStorage.setItem('doctorId', String(l.doctorId));
  }, login);
  return login;
}

function officeCard(page: Page, name: string) {
  return page.getByRole('article', { name });
}

/** The office's today, as its own clocks show it. */
function todayIn(timeZone: string, plusDays = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number, number];
  return new Date(Date.UTC(parts[0], parts[1] - 1, parts[2] + plusDays)).toISOString().slice(0, 10);
}

/** Two photos for Austin, uploaded through the API as the spec's clients do (the same names each time). */
async function giveAustinTwoPhotos(request: APIRequestContext) {
  const admin = await apiLogin(request, 'admin');
  const names: string[] = [];
  for (const name of ['austin-lobby.png', 'austin-gym.png']) {
    const res = await request.post('/api/images/upload', {
      headers: { authorization: `Bearer ${admin.token}` },
      multipart: {
        directory: 'office',
        filename: name,
        file: { name, mimeType: 'image/png', buffer: TINY_PNG },
      },
    });
    expect(res.ok()).toBe(true);
    names.push(await res.text());
  }
  const res = await request.put(`/api/office/${AUSTIN.id}/update/images`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: names,
  });
  expect(res.ok()).toBe(true);
}

test.describe('the office list rendered with its offices (docs/decisions/0027, 0047, 0049)', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('its heading, navigation, title and offices with their first photo come in the HTML, styled', async ({
      page,
    }) => {
      await page.goto('/office');
      await expect(page.getByRole('heading', { level: 1, name: 'Our Offices' })).toBeVisible();
      await expect(page).toHaveTitle(/Our Offices/);
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
      ).toBeVisible();
      const padding = await page.getByRole('main').evaluate((main) => getComputedStyle(main).paddingTop);
      expect(padding).not.toBe('0px');
      const card = officeCard(page, AUSTIN.name);
      await expect(card).toBeVisible();
      await expect(card.getByRole('link', { name: /Open .* in Google Maps/ })).toBeVisible();
      // The first card's photo is the page's largest paint: it loads at once, at high priority.
      const firstPhoto = page.getByRole('main').getByRole('img').first();
      await expect(firstPhoto).toHaveAttribute('fetchpriority', 'high');
      expect(await firstPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
    });
  });

  test('the app takes it over without asking for the list again, and the cards work', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const listRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/office/all') listRequests.push(r.url());
    });
    await page.goto('/office');
    await expectPageLoaded(page, 'Our Offices');
    const card = officeCard(page, AUSTIN.name);
    await card.getByRole('button', { name: /More Details/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(listRequests).toEqual([]);
    expect(errors).toEqual([]);
  });
  test('a card reads its week of hours as it comes near the window, not all at once', async ({ page }) => {
    const hoursRequests = new Set<string>();
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/office-hours/office/')) hoursRequests.add(path);
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/office');
    await expectPageLoaded(page, 'Our Offices');
    const cards = page.getByRole('main').getByRole('article');
    const count = await cards.count();
    expect(count).toBeGreaterThan(4);
    await expect(cards.first().getByRole('table')).toBeVisible();
    const askedAtFirst = hoursRequests.size;
    expect(askedAtFirst).toBeLessThan(count);

    const last = cards.last();
    await last.scrollIntoViewIfNeeded();
    await expect(last.getByRole('table').or(last.getByText(MSG.notAvailable))).toBeVisible();
    expect(hoursRequests.size).toBeGreaterThan(askedAtFirst);
  });
});

test.describe('a visitor browses the offices', () => {
  for (const width of [1280, 360]) {
    test(`hours, map toggle, details and a lightbox that wraps (${width} px)`, async ({ page, request }) => {
      test.slow();
      await giveAustinTwoPhotos(request);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/office');
      await expectPageLoaded(page, 'Our Offices');
      await expect(page).toHaveTitle(/Our Offices/);

      const card = officeCard(page, AUSTIN.name);
      // A card reads its hours as it comes near the window.
      await card.scrollIntoViewIfNeeded();
      const rows = card.getByRole('table').getByRole('row');
      await expect(rows).toHaveCount(8); // header + 7 days
      await expect(rows.nth(1)).toContainText('Today');
      // Sundays are closed at every demo office, and one always falls in the next 7 days.
      await expect(card.getByRole('cell', { name: MSG.closed }).first()).toBeVisible();
      await expect(
        card.getByRole('cell', { name: /\d{1,2}:\d{2} (am|pm) – \d{1,2}:\d{2} (am|pm)/ }).first(),
      ).toBeVisible();
      // Visitors do not see the increment (ADMIN only).
      await expect(card.getByText(/incr: \d+\/30min/)).toHaveCount(0);
      // The preview is the first photo of the list.
      await expect(card.getByRole('img', { name: `Photo of ${AUSTIN.name}` })).toHaveAttribute(
        'src',
        '/images/office/austin-lobby.png',
      );

      // Map: a link by default, an embedded 300x200 map on Show Map, and back.
      const link = card.getByRole('link', { name: /in Google Maps/ });
      await expect(link).toHaveAttribute('href', /google\.com\/maps\/search\/\?api=1&query=1804/);
      await expect(link).toHaveAttribute('target', '_blank');
      await card.getByRole('button', { name: 'Show Map' }).click();
      const frame = card.locator(`iframe[title="Map of ${AUSTIN.name}"]`);
      await expect(frame).toHaveAttribute('src', /output=embed/);
      await expect(frame).toHaveAttribute('width', '300');
      await expect(frame).toHaveAttribute('height', '200');
      await expect(link).toHaveCount(0);
      await expectNoAxeViolations(page, { exclude: ['iframe'] });
      await card.getByRole('button', { name: 'Show Link' }).click();
      await expect(frame).toHaveCount(0);
      await expect(card.getByRole('link', { name: /in Google Maps/ })).toBeVisible();

      // Details popup: the fields, the photo grid, no Edit for a visitor.
      await card.getByRole('button', { name: `More Details about ${AUSTIN.name}` }).click();
      const details = page.getByRole('dialog', { name: AUSTIN.name });
      await expect(details).toBeVisible();
      await expect(details.getByText('1804 S Congress Ave, Suite 200, Austin, TX 78704')).toBeVisible();
      await expect(details.getByText('(512) 555-0120')).toBeVisible();
      await expect(details.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expectNoAxeViolations(page);

      // Lightbox: next and previous wrap around, by button and by arrow key.
      await details.getByRole('button', { name: 'View photo 1 of 2' }).click();
      const lightbox = page.getByRole('dialog', { name: /photo \d of 2/ });
      await expect(lightbox).toHaveAccessibleName(`${AUSTIN.name}, photo 1 of 2`);
      await lightbox.getByRole('button', { name: 'Next photo' }).click();
      await expect(lightbox).toHaveAccessibleName(`${AUSTIN.name}, photo 2 of 2`);
      await lightbox.getByRole('button', { name: 'Next photo' }).click();
      await expect(lightbox).toHaveAccessibleName(`${AUSTIN.name}, photo 1 of 2`);
      await lightbox.getByRole('button', { name: 'Previous photo' }).click();
      await expect(lightbox).toHaveAccessibleName(`${AUSTIN.name}, photo 2 of 2`);
      await page.keyboard.press('ArrowRight');
      await expect(lightbox).toHaveAccessibleName(`${AUSTIN.name}, photo 1 of 2`);
      await page.keyboard.press('ArrowLeft');
      await expect(lightbox).toHaveAccessibleName(`${AUSTIN.name}, photo 2 of 2`);
      await expect(lightbox.getByRole('img')).toHaveAttribute('src', '/images/office/austin-gym.png');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(lightbox).toHaveCount(0);
      await expect(details).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(details).toHaveCount(0);

      await expectNoAxeViolations(page);
    });
  }

  test('an office without hours, address or contact says so', async ({ page, request }) => {
    const admin = await apiLogin(request, 'admin');
    const name = `Summit PT Pop-up ${Date.now()}`;
    const res = await request.post('/api/office/add', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { officeName: name, timeZone: 'America/Chicago' },
    });
    expect(res.status()).toBe(201);

    await page.goto('/office');
    const card = officeCard(page, name);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText(MSG.notAvailable)).toBeVisible();
    await expect(card.getByText(MSG.noAddressProvided)).toBeVisible();
    await expect(card.getByText(MSG.noAddressForMap)).toBeVisible();
    await expect(card.getByRole('table')).toHaveCount(0);
    await card.getByRole('button', { name: `More Details about ${name}` }).click();
    const details = page.getByRole('dialog', { name });
    await expect(details.getByText(MSG.notProvided)).toHaveCount(4);
  });
});

test.describe('a refused form says why at its top (issue 28)', () => {
  for (const width of [1280, 360]) {
    test(`Register Office without a time zone: the summary, and focus on the field (${width} px)`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, request, 'admin');
      await page.goto('/register/office');
      await expectPageLoaded(page, 'Register Office');
      const name = page.getByRole('textbox', { name: 'Office name' });
      await name.fill('Summit PT Nowhere');
      await page.getByRole('button', { name: 'Register Office' }).click();

      const summary = page.getByRole('alert', { name: 'There is a problem' });
      await expect(summary.getByRole('link')).toHaveText(['Choose the time zone the office is in.']);
      const zone = page.getByRole('combobox', { name: 'Time zone' });
      await expect(zone).toBeFocused();
      await expect(zone).toBeInViewport();
      await page.screenshot({ path: `/tmp/webfix-shots/register-office-refused-${width}.png` });
      await expectNoAxeViolations(page);

      // From the summary (at the top of the form) the link goes back to the field.
      await name.focus();
      await summary.scrollIntoViewIfNeeded();
      await expect(summary).toBeInViewport();
      await summary.getByRole('link', { name: 'Choose the time zone the office is in.' }).click();
      await expect(zone).toBeFocused();
      await expect(page).toHaveURL('/register/office');
    });
  }
});

test.describe('an admin registers an office and its schedule', () => {
  test('the new office and its hours appear on /office', async ({ page, request }) => {
    // A long journey (two forms, three visits to /office) on a machine shared with other test runs.
    test.slow();
    await signIn(page, request, 'admin');
    const name = `Summit PT Honolulu ${Date.now()}`;

    await page.goto('/register/office');
    await expectPageLoaded(page, 'Register Office');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Register Office' }).click();
    await expect(page.getByRole('alert').getByRole('link', { name: 'Enter the office name.' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Office name' }).fill(name);
    await page.getByRole('textbox', { name: 'Address' }).fill('1000 Ala Moana Blvd, Honolulu, HI 96814');
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('Pacific/Honolulu');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('honolulu@summitpt.example');
    await page.getByRole('button', { name: 'Register Office' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Office registered: ${name}` })).toBeVisible();

    await page.goto('/register/schedule');
    await expectPageLoaded(page, 'Office Schedule');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.selectOfficeAndDate })).toBeVisible();
    await page.getByRole('combobox', { name: 'Office' }).selectOption({ label: name });
    const today = todayIn('Pacific/Honolulu');
    await page.getByLabel('Date').fill(today);
    await page.getByLabel('Opens at').fill('09:00');
    await page.getByLabel('Closes at').fill('15:30');
    await page.getByRole('spinbutton', { name: 'Appointments per 30 minutes' }).fill('3');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Hours saved for' })).toContainText(
      '9:00 am – 3:30 pm',
    );

    // In the page's HTML at once (the server renders the list into it: docs/decisions/0049).
    expect(await (await request.get('/office')).text()).toContain(`>${name}</h2>`);
    await page.goto('/office');
    const card = officeCard(page, name);
    await card.scrollIntoViewIfNeeded();
    const rows = card.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toContainText('9:00 am – 3:30 pm');
    await expect(rows.nth(1)).toContainText('incr: 3/30min');
    // With hours data, a day without an entry is Closed.
    await expect(rows.nth(2)).toContainText(MSG.closed);
    await expectNoAxeViolations(page);

    // The same hours for the rest of the week at once; the single day is still the first field.
    await page.goto('/register/schedule');
    await page.getByRole('combobox', { name: 'Office' }).selectOption({ label: name });
    await page.getByLabel('Date').fill(todayIn('Pacific/Honolulu', 1));
    await page.getByLabel('Opens at').fill('10:00');
    await page.getByLabel('Closes at').fill('14:00');
    await page.getByLabel('Also apply these hours to more days').check();
    await page.getByLabel('Last day').fill(todayIn('Pacific/Honolulu', 6));
    for (const day of ['Saturday', 'Sunday']) await page.getByRole('checkbox', { name: day }).check();
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Hours saved for' })).toContainText(
      '10:00 am – 2:00 pm',
    );
    await page.goto('/office');
    await officeCard(page, name).scrollIntoViewIfNeeded();
    const week = officeCard(page, name).getByRole('table').getByRole('row');
    for (let i = 2; i <= 7; i++) await expect(week.nth(i)).toContainText('10:00 am – 2:00 pm');
  });

  test('the office search popup sends the chosen office back to the schedule form', async ({
    page,
    request,
  }) => {
    await signIn(page, request, 'admin');
    await page.goto('/register/schedule');
    await expectPageLoaded(page, 'Office Schedule');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Search offices…' }).click();
    const popup = await popupOpened;
    await expect(popup.getByRole('heading', { level: 1, name: 'Find an Office' })).toBeVisible();
    await expectNoAxeViolations(popup);
    await popup.getByRole('searchbox', { name: 'Search offices' }).fill('raleigh');
    await expect(popup.getByRole('button')).toHaveCount(2); // Close and the one office
    await clickClosingPopup(popup, popup.getByRole('button', { name: new RegExp(RALEIGH.name) }));
    await expect(page.getByRole('combobox', { name: 'Office' })).toHaveValue(String(RALEIGH.id));
  });

  test('front desk staff get an access-denied page for both forms', async ({ page, request }) => {
    await signIn(page, request, 'frontdesk');
    const pages: [string, string][] = [
      ['/register/office', 'Register Office'],
      ['/register/schedule', 'Office Schedule'],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expectPageLoaded(page, title);
      await expect(page.getByRole('alert').filter({ hasText: MSG.accessDenied })).toBeVisible();
      await expect(page.getByRole('button', { name: /Register Office|Save Schedule/ })).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });
});

test.describe('a manager edits an office', () => {
  for (const width of [1280, 360]) {
    test(`details, photos and the spec's messages (${width} px)`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, request, 'manager');
      await page.goto('/office');
      await officeCard(page, RALEIGH.name)
        .getByRole('button', { name: `More Details about ${RALEIGH.name}` })
        .click();
      const details = page.getByRole('dialog', { name: RALEIGH.name });
      await details.getByRole('button', { name: 'Edit' }).click();
      await expectNoAxeViolations(page);

      const description = `Evening appointments until 7 pm (${width})`;
      await details.getByRole('textbox', { name: 'Description' }).fill(description);
      await details.getByRole('button', { name: 'Save' }).click();
      await expect(details.getByRole('status').filter({ hasText: MSG.officeInfoUpdated })).toBeVisible();
      await expect(details.getByText(description)).toBeVisible();

      // Photos in edit mode: Upload without a file says so; then one is added and deleted again.
      await details.getByRole('button', { name: 'Edit' }).click();
      await details.getByRole('button', { name: 'Upload' }).click();
      await expect(details.getByRole('alert').filter({ hasText: MSG.noFileOrOffice })).toBeVisible();
      await details.getByLabel('Add a photo').setInputFiles({
        name: `raleigh-${width}.png`,
        mimeType: 'image/png',
        buffer: TINY_PNG,
      });
      await details.getByRole('button', { name: 'Upload' }).click();
      await expect(details.getByRole('status').filter({ hasText: MSG.imageUploaded })).toBeVisible();
      const photoName = `office-${RALEIGH.id}-raleigh-${width}.png`;
      const deletePhoto = details.getByRole('button', { name: `Delete photo ${photoName}` });
      await expect(deletePhoto).toBeVisible();
      await expect(details.locator(`img[src="/images/office/${photoName}"]`)).toBeVisible();
      await deletePhoto.click();
      await expect(details.getByRole('status').filter({ hasText: 'Photo removed.' })).toBeVisible();
      await expect(deletePhoto).toHaveCount(0);
      const gone = await request.get(`/api/office/${RALEIGH.id}/images`);
      expect(await gone.json()).not.toContain(photoName);

      // A bad e-mail is refused by the server, with the spec's message.
      await details.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
      await details.getByRole('button', { name: 'Save' }).click();
      await expect(details.getByRole('alert').filter({ hasText: MSG.officeInfoUpdateFailed })).toBeVisible();
      await details.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(details.getByRole('button', { name: 'Edit' })).toBeVisible();
    });
  }
});

test('a doctor sees Edit on the office they work at only, as the server allows (issue 15)', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'doctor'); // Maya Lindqvist, Denver
  await page.goto('/office');
  const denver = 'Summit PT Denver Highlands';
  await officeCard(page, denver)
    .getByRole('button', { name: `More Details about ${denver}` })
    .click();
  const own = page.getByRole('dialog', { name: denver });
  await expect(own.getByRole('button', { name: 'Edit' })).toBeVisible();
  await own.getByRole('button', { name: 'Close details' }).click();

  await officeCard(page, AUSTIN.name)
    .getByRole('button', { name: `More Details about ${AUSTIN.name}` })
    .click();
  const other = page.getByRole('dialog', { name: AUSTIN.name });
  await expect(other.getByText('Phone')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});
