import { addCalendarDays, calendarDateInZone, weekdayOfDate } from '@clinic/contract/office-hours';
import type { Office } from '@clinic/contract/offices';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, expectPageLoaded, signIn } from './support/app';
import { expectNoAxeViolations } from './support/axe';

/**
 * The messages outbox answers "what goes out today" (issue 28): its rows are in order of due time, the
 * latest first, and the Due filter's Today lists only what is due on the practice's today, in the order it
 * goes out; on a desk and on a phone.
 */
const RALEIGH = 'Summit PT Raleigh North Hills';
/** The practice's calendar (PRACTICE_TIME_ZONE's default), whose day is "today". */
const PRACTICE_ZONE = 'America/New_York';
const NOT_SURE_DOCTOR_ID = 15;

/** A Raleigh weekday 26 days out (the demo has hours for 30), a day no other browser test books. */
function raleighDay(): string {
  let date = addCalendarDays(calendarDateInZone(new Date(), PRACTICE_ZONE), 26);
  while (weekdayOfDate(date) === 'Saturday' || weekdayOfDate(date) === 'Sunday')
    date = addCalendarDays(date, -1);
  return date;
}

/** patient2 books a Raleigh visit: its confirmation is due now, its reminders the day before and 2 h before. */
async function bookRaleigh(request: APIRequestContext, time: string) {
  const login = await request.post('/api/patientinfo/login', {
    data: { username: 'patient2', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const offices = (await (await request.get('/api/office/all')).json()) as Office[];
  const raleigh = offices.find((o) => o.officeName === RALEIGH);
  if (!raleigh) throw new Error('no Raleigh office in the demo');
  const response = await request.post('/api/appointments/add', {
    data: {
      officeId: raleigh.officeId,
      doctorId: NOT_SURE_DOCTOR_ID,
      appointmentDate: raleighDay(),
      appointmentTime: time,
      typeVisit: 'eval',
    },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The due instants of the listed rows, top to bottom. */
async function dueTimes(page: Page): Promise<string[]> {
  return page
    .getByRole('table')
    .locator('tbody time')
    .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
}

for (const width of [1280, 360]) {
  test(`the messages are in order of due time, and Today lists what goes out today (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    // A time of its own for each width and each repetition: patient2 cannot be in one place twice.
    const slot = 2 * testInfo.repeatEachIndex + (width === 1280 ? 0 : 1);
    await bookRaleigh(
      request,
      `${String(9 + Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`,
    );
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'manager', '/login/doctor');
    await page.goto('/messages');
    await expectPageLoaded(page, 'Messages');
    await expect(page.getByText('Visit reminder · E-mail').first()).toBeVisible();

    // Every message: the latest due first (the booking's reminders, weeks ahead, before its confirmation).
    const all = await dueTimes(page);
    expect(all.length).toBeGreaterThan(2);
    expect(all).toEqual([...all].sort().reverse());
    await page.screenshot({ path: testInfo.outputPath(`messages-all-${width}.png`), fullPage: true });

    await page.getByLabel('Due').selectOption({ label: 'Today' });
    await expect(page).toHaveURL(/[?&]due=today\b/);
    await expect(page.getByText('Booking confirmation · E-mail').first()).toBeVisible();
    await expect(page.getByText('Visit reminder · E-mail')).toHaveCount(0);
    const today = await dueTimes(page);
    expect(today.length).toBeGreaterThan(0);
    expect(today).toEqual([...today].sort());
    const practiceToday = calendarDateInZone(new Date(), PRACTICE_ZONE);
    for (const due of today) expect(calendarDateInZone(new Date(due), PRACTICE_ZONE)).toBe(practiceToday);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`messages-today-${width}.png`), fullPage: true });
  });
}
