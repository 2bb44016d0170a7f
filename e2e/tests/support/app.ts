import { MSG } from '@clinic/contract/messages';
import type { Role } from '@clinic/contract/roles';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { ExpectedNavigation } from './navigation-model';

export const DEMO_PASSWORD = 'demo1234';

export interface DemoAccount {
  username: string;
  role: Role;
  /** The sign-in page of the account's kind. */
  loginPath: '/login/patient' | '/login/doctor';
}

/** The demo seed's accounts (SEED=demo), one per role plus a second patient. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin', role: 'ADMIN', loginPath: '/login/doctor' },
  { username: 'manager', role: 'MANAGER', loginPath: '/login/doctor' },
  { username: 'frontdesk', role: 'FRONTDESK', loginPath: '/login/doctor' },
  { username: 'doctor', role: 'DOCTOR', loginPath: '/login/doctor' },
  { username: 'patient', role: 'PATIENT', loginPath: '/login/patient' },
  { username: 'patient2', role: 'PATIENT', loginPath: '/login/patient' },
];

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/**
 * Opens a menu of the main navigation until its items show. On a loaded machine the page settling (focus
 * moving to a newly shown page) can close a menu opened in the same moment: it is opened again rather than
 * failing the journey.
 */
export async function openNavMenu(page: Page, label: string): Promise<Locator> {
  const trigger = mainNav(page).getByRole('button', { name: label, exact: true });
  const menu = page.getByRole('menu', { name: label });
  await expect(async () => {
    if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
    await expect(menu.getByRole('menuitem').first()).toBeVisible({ timeout: 1000 });
  }).toPass();
  return menu;
}

/** Opens a staff page of the main navigation's Clinic menu (All Patients, Check-In, Authorizations, ...). */
export async function openClinicPage(page: Page, label: string): Promise<void> {
  await expect(async () => {
    const menu = await openNavMenu(page, 'Clinic');
    await menu.getByRole('menuitem', { name: label, exact: true }).click({ timeout: 2000 });
  }).toPass();
}

/**
 * Waits until a page of the layout has rendered its heading (pages load as lazy chunks) and the app is
 * running: the home page's heading is in its prerendered HTML before the app starts (src/start.tsx).
 */
export async function expectPageLoaded(page: Page, heading?: string | RegExp): Promise<void> {
  await expect(page.locator('html[data-app="running"]')).toHaveCount(1);
  const h1 = page.getByRole('heading', { level: 1 });
  if (heading === undefined) await expect(h1).toBeVisible();
  else await expect(h1).toHaveText(heading);
}

/**
 * The top-level names of the content menus (GET /api/content/menuStructure: top-level name -> category
 * -> [{id, title}]). Empty while that call does not exist or has nothing.
 */
export async function contentMenuNames(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/content/menuStructure');
  if (!response.ok()) return [];
  const body: unknown = await response.json().catch(() => null);
  return body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
}

/**
 * The rendered main navigation is exactly the expected one: the same top-level entries in the same
 * order, each link pointing at its page, each menu button holding exactly its items.
 */
export async function expectNavigation(page: Page, expected: ExpectedNavigation): Promise<void> {
  const nav = mainNav(page);
  await expect(nav.getByRole('listitem')).toHaveText(expected.labels, { useInnerText: true });

  for (const link of expected.links) {
    await expect(nav.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.path);
  }
  for (const menu of expected.menus) {
    const trigger = nav.getByRole('button', { name: menu.label, exact: true });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    const items = (await openNavMenu(page, menu.label)).getByRole('menuitem');
    await expect(items).toHaveText(menu.items.map((item) => item.label));
    for (const item of menu.items) {
      await expect(items.filter({ hasText: item.label })).toHaveAttribute('href', item.path);
    }
    await trigger.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  }
  const logout = nav.getByRole('button', { name: 'Logout', exact: true });
  if (expected.hasLogout) await expect(logout).toBeVisible();
  else await expect(logout).toHaveCount(0);
}

/** Fills and sends the login form of the current page. */
export async function submitLogin(
  page: Page,
  username: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through a login page and waits until the app has left it. */
export async function signIn(page: Page, username: string, loginPath: '/login/patient' | '/login/doctor') {
  await page.goto(loginPath);
  await submitLogin(page, username);
  await expect(page.getByRole('status').filter({ hasText: MSG.loginSuccessful })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login\//, { timeout: 20_000 });
}

/**
 * Records whether a text ever appears on the page, from now on and across its next documents: for a message
 * shown only for a moment before the app moves on, which a polling assertion can miss on a loaded machine.
 * Resolves the returned check to true once the text has been shown.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  const key = `__seen_${text.length}_${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ needle, flag }) => {
      const seen = window as unknown as Record<string, boolean>;
      const check = () => {
        if (document.body?.textContent?.includes(needle)) seen[flag] = true;
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    },
    { needle: text, flag: key },
  );
  return () => page.evaluate((flag) => (window as unknown as Record<string, boolean>)[flag] === true, key);
}

export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** Opens a popup with the button, lets `choose` pick in it, and waits until it has closed. */
/**
 * Clicks something that closes its own popup window and waits until it has: the window may close before
 * the click has finished from Playwright's side, which is not a failure.
 */
export async function clickClosingPopup(popup: Page, target: Locator): Promise<void> {
  const closed = popup.waitForEvent('close');
  await target.click().catch((error: unknown) => {
    if (!popup.isClosed()) throw error;
  });
  await closed;
}

export async function chooseInPopup(page: Page, button: string, choose: (popup: Page) => Promise<void>) {
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await opened;
  const closed = popup.waitForEvent('close');
  // A choice closes the popup at once, sometimes before the click has finished from Playwright's side.
  await choose(popup).catch((error: unknown) => {
    if (!popup.isClosed()) throw error;
  });
  await closed;
}

/** The search popup: search for `term`, then click the result named `name`. */
export function searchAndPick(term: string, name: string | RegExp) {
  return async (popup: Page) => {
    await popup.getByRole('searchbox', { name: 'Search' }).fill(term);
    await popup.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await popup.getByRole('button', { name }).first().click();
  };
}
