import type { CalendarResponse } from '@clinic/contract/calendar';
import { MSG } from '@clinic/contract/messages';
import {
  addCalendarDays,
  calendarDateInZone,
  formatTime12,
  weekdayOfDate,
} from '@clinic/contract/office-hours';
import type { Office } from '@clinic/contract/offices';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, expectPageLoaded, openClinicPage, signIn } from './support/app';
import { expectNoAxeViolations } from './support/axe';

/**
 * The provider calendar (issue 15): the front desk drags a visit to another time and the grid shows it
 * there; a drag the booking rules refuse says why; a free slot opens the booking form on that slot; a
 * doctor opens on their own column; a phone gets one column.
 */
const AUSTIN = 'Summit PT Austin South Congress';
const DANIEL = 'Daniel Okafor';

/** An Austin weekday 28 days out, a day no other browser test books. */
function austinDay(): string {
  let date = addCalendarDays(calendarDateInZone(new Date(), 'America/Chicago'), 28);
  while (weekdayOfDate(date) === 'Saturday' || weekdayOfDate(date) === 'Sunday') {
    date = addCalendarDays(date, -1);
  }
  return date;
}

async function login(request: APIRequestContext, door: 'patient' | 'staff', username: string) {
  const path = door === 'patient' ? '/api/patientinfo/login' : '/api/doctorinfo/doctor/login';
  const response = await request.post(path, { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** The Austin office and its providers on the day, as the calendar's own call answers. */
async function austinCalendar(request: APIRequestContext, date: string): Promise<CalendarResponse> {
  const offices = (await (await request.get('/api/office/all')).json()) as Office[];
  const austin = offices.find((o) => o.officeName === AUSTIN);
  if (!austin) throw new Error('no Austin office in the demo');
  const token = await login(request, 'staff', 'frontdesk');
  const response = await request.get('/api/appointments/calendar', {
    params: { officeId: austin.officeId, from: date, to: date },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as CalendarResponse;
}

/** A patient books themselves at Austin (as the booking form would). */
async function book(request: APIRequestContext, username: string, slot: Record<string, unknown>) {
  const token = await login(request, 'patient', username);
  const response = await request.post('/api/appointments/add', {
    data: { ...slot, typeVisit: 'eval' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function openCalendar(page: Page, date: string) {
  await openClinicPage(page, 'Calendar');
  await expectPageLoaded(page, 'Calendar');
  await page.getByLabel('Office').selectOption({ label: AUSTIN });
  await page.getByLabel('Date').fill(date);
}

/** Drags a visit onto a slot, with both on screen (a drag that has to scroll the page never starts). */
async function drag(visit: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await visit.dragTo(target);
}

function slot(page: Page, date: string, doctorId: number, time: string) {
  return page.locator(`td[data-slot="${date}|${doctorId}|${time}"]`);
}

test('the front desk drags a visit to another time, and a refused drag says why', async ({
  page,
  request,
}, testInfo) => {
  const date = austinDay();
  const calendar = await austinCalendar(request, date);
  const daniel = calendar.providers.find((p) => p.name === DANIEL);
  if (!daniel) throw new Error('no Daniel Okafor at Austin');
  const place = { officeId: calendar.officeId, doctorId: daniel.doctorId, appointmentDate: date };
  await book(request, 'patient2', { ...place, appointmentTime: '10:00' });
  await book(request, 'patient', { ...place, appointmentTime: '11:00' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'frontdesk', '/login/doctor');
  await openCalendar(page, date);
  const james = page.getByRole('button', { name: /^James Nguyen\b/ });
  await expect(slot(page, date, daniel.doctorId, '10:00')).toContainText('James Nguyen');
  await expect(slot(page, date, daniel.doctorId, '11:00')).toContainText('Emily Carter');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('calendar-day-1280.png'), fullPage: true });

  // Dragged to 2:00 pm: moved, and shown there.
  await drag(james, slot(page, date, daniel.doctorId, '14:00'));
  await expect(
    page.getByRole('status').filter({ hasText: /^Appointment moved\. James Nguyen/ }),
  ).toContainText('at 2:00 pm with Daniel Okafor');
  await expect(slot(page, date, daniel.doctorId, '14:00')).toContainText('James Nguyen');
  await expect(slot(page, date, daniel.doctorId, '10:00')).not.toContainText('James Nguyen');
  // The move form follows the drag (issue 28, item 4): its Time says 2:00 pm, so Move cannot take it back.
  const moveForm = page.getByRole('form', { name: 'Move James Nguyen' });
  await expect(moveForm.getByLabel('Time')).toHaveValue('14:00');
  await expect(moveForm.getByLabel('Time').locator('option:checked')).toHaveText('2:00 pm');

  // Dragged onto Emily Carter's time with the same doctor: refused, with the booking rule's reason.
  await drag(james, slot(page, date, daniel.doctorId, '11:00'));
  await expect(page.getByRole('alert')).toHaveText(
    /^James Nguyen was not moved: (That time slot is full\. Please choose another time\.|The doctor already has an appointment at that time\.)$/,
  );
  await expect(slot(page, date, daniel.doctorId, '14:00')).toContainText('James Nguyen');

  // The same move from the keyboard: the moved visit stays chosen; Enter puts it down and takes it up again.
  await expect(james).toHaveAttribute('aria-pressed', 'true');
  await james.focus();
  await page.keyboard.press('Enter');
  await expect(james).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  await expect(james).toHaveAttribute('aria-pressed', 'true');
  const form = page.getByRole('form', { name: 'Move James Nguyen' });
  await form.getByLabel('Time').selectOption({ label: '3:00 pm' });
  await form.getByRole('button', { name: 'Move appointment' }).click();
  await expect(slot(page, date, daniel.doctorId, '15:00')).toContainText('James Nguyen');

  // The week: seven days of provider columns.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.getByRole('columnheader').and(page.locator('[scope="colgroup"]'))).toHaveCount(7);
  await expect(slot(page, date, daniel.doctorId, '15:00')).toContainText('James Nguyen');
  await page.screenshot({ path: testInfo.outputPath('calendar-week-1280.png'), fullPage: false });

  // A phone: the day as one column.
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await page.setViewportSize({ width: 360, height: 780 });
  const day = page.getByRole('region', { name: /^\w{3}, \w{3} \d{1,2}$/ });
  await expect(day.getByRole('button', { name: /James Nguyen/ })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('calendar-day-360.png'), fullPage: true });
});

test('a free slot opens the booking form on it', async ({ page, request }) => {
  const date = austinDay();
  const calendar = await austinCalendar(request, date);
  const daniel = calendar.providers.find((p) => p.name === DANIEL)!;

  await signIn(page, 'frontdesk', '/login/doctor');
  await openCalendar(page, date);
  const free = slot(page, date, daniel.doctorId, '16:00');
  await free.hover();
  await free.getByRole('link', { name: /^Book 4:00 pm on .* with Daniel Okafor$/ }).click();
  await expectPageLoaded(page, 'Schedule an Appointment');
  await expect(page.getByLabel('Office')).toHaveValue(String(calendar.officeId));
  await expect(page.getByLabel('Doctor')).toHaveValue(String(daniel.doctorId));
  await expect(page.getByLabel('Date')).toHaveValue(date);
  await expect(
    page.getByRole('group', { name: 'Time' }).getByRole('button', { name: /^4:00 pm/ }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(MSG.patientNotSelected)).toBeVisible();
});

test('a doctor opens on their own office and column', async ({ page }) => {
  await signIn(page, 'doctor', '/login/doctor');
  await openClinicPage(page, 'Calendar');
  await expectPageLoaded(page, 'Calendar');
  const doctorId = await page.evaluate(() => window.localStorage.getItem('doctorId'));
  await expect(page.getByLabel('Office')).toBeDisabled();
  await expect(page.getByLabel('Provider')).toHaveValue(doctorId ?? '');
  await expect(page.getByRole('columnheader')).toHaveCount(2);
  await expectNoAxeViolations(page);
});

test('a visit booked as Not Sure is Unassigned, and the front desk assigns it a provider', async ({
  page,
  request,
}, testInfo) => {
  const date = austinDay();
  const calendar = await austinCalendar(request, date);
  const daniel = calendar.providers.find((p) => p.name === DANIEL);
  const lane = calendar.unassignedDoctorId;
  if (!daniel || lane === null) throw new Error('no Daniel Okafor or no Not Sure at Austin');
  // Each repetition on the same server takes times of its own.
  const round = testInfo.repeatEachIndex % 3;
  const wide = ['12:00', '12:30', '13:00'][round]!;
  const narrow = ['08:00', '08:30', '09:00'][round]!;
  const place = { officeId: calendar.officeId, doctorId: lane, appointmentDate: date };
  await book(request, 'sramirez', { ...place, appointmentTime: wide });
  await book(request, 'rkim', { ...place, appointmentTime: narrow });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'frontdesk', '/login/doctor');
  await openCalendar(page, date);
  const grid = page.getByRole('table');
  await expect(grid.getByRole('columnheader', { name: /^Unassigned/ })).toBeVisible();
  await expect(grid.getByText('Not Sure')).toHaveCount(0);
  const sofia = slot(page, date, lane, wide).getByRole('button', {
    name: /^Sofia Ramirez\b.*no provider yet/,
  });
  await expect(sofia).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('calendar-unassigned-1280.png'), fullPage: true });

  await sofia.click();
  const form = page.getByRole('form', { name: 'Assign a provider to Sofia Ramirez' });
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('calendar-assign-form-1280.png') });
  await form.getByLabel('Assign to').selectOption({ label: `${DANIEL} (${daniel.specialty})` });
  await form.getByRole('button', { name: 'Assign provider' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Provider assigned\./ })).toHaveText(
    /^Provider assigned\. Sofia Ramirez: .+ with Daniel Okafor\.$/,
  );
  await expect(slot(page, date, daniel.doctorId, wide)).toContainText('Sofia Ramirez');
  await expect(slot(page, date, lane, wide)).not.toContainText('Sofia Ramirez');
  await expect(form).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('calendar-assigned-1280.png'), fullPage: true });

  // A phone: the day's unassigned visits come first, as a group of their own.
  await page.setViewportSize({ width: 360, height: 780 });
  const group = page.getByRole('region', { name: /^Unassigned on / });
  const robertName = new RegExp(`^${formatTime12(narrow)} Robert Kim`);
  const robert = group.getByRole('button', { name: robertName });
  await expect(robert).toContainText('Needs a provider');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('calendar-unassigned-360.png'), fullPage: true });
  await robert.click();
  const phoneForm = page.getByRole('form', { name: 'Assign a provider to Robert Kim' });
  await phoneForm.getByLabel('Assign to').selectOption({ label: `${DANIEL} (${daniel.specialty})` });
  await phoneForm.getByRole('button', { name: 'Assign provider' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Provider assigned\./ })).toHaveText(
    /^Provider assigned\. Robert Kim: .+ with Daniel Okafor\.$/,
  );
  await expect(robert).toHaveCount(0);
  await expect(page.getByRole('button', { name: robertName })).toContainText('Daniel Okafor');
  await page.screenshot({ path: testInfo.outputPath('calendar-assigned-360.png'), fullPage: true });
});
