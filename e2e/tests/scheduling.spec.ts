import { MSG, msg } from '@clinic/contract/messages';
import { addCalendarDays, calendarDateInZone, dayLabel, weekdayOfDate } from '@clinic/contract/office-hours';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, expectPageLoaded, mainNav, openClinicPage, signIn, submitLogin } from './support/app';
import { expectNoAxeViolations } from './support/axe';

/**
 * Scheduling and the front desk (issue 5): a patient books a visit; the slot is then taken for the next
 * patient (Portland books one appointment per slot); the front desk can only cancel it weeks ahead, walks the
 * patient's visit of today to Completed (Raleigh, open every day, where the demo seeds it) and the patient's
 * points rise by one; an admin edits and deletes an appointment in the appointment popup.
 */
const PORTLAND = 'Summit PT Portland Pearl District';
const RALEIGH = 'Summit PT Raleigh North Hills';
/** Raleigh's today, where Emily Carter has a visit at 11:30 am (check-in happens on the visit's day). */
const raleighToday = () => calendarDateInZone(new Date(), 'America/New_York');

/** An open Portland day three weeks out (Portland is closed on Sundays only), in the office's calendar. */
function bookingDate(): string {
  let date = addCalendarDays(calendarDateInZone(new Date(), 'America/Los_Angeles'), 21);
  while (weekdayOfDate(date) === 'Sunday') date = addCalendarDays(date, 1);
  return date;
}

/** Ends the session the way Logout does (the narrow navigation keeps its button behind the menu). */
async function signOut(page: Page) {
  await page.evaluate(() => window.localStorage.clear());
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

async function points(page: Page): Promise<number> {
  await page.goto('/dashboard/patient');
  const total = page.getByRole('region', { name: 'Reward points' }).getByText(/^\d+$/);
  await expect(total).toBeVisible();
  return Number(await total.textContent());
}

/** Fills the booking form up to the time slots. */
async function chooseOfficeDoctorAndDate(page: Page, date: string) {
  await page.getByLabel('Office').selectOption({ label: PORTLAND });
  await page.getByLabel('Doctor').selectOption({ label: 'Priya Raman, Physical Therapist' });
  await page.getByLabel('Date').fill(date);
  await expect(page.getByRole('group', { name: 'Time' })).toBeVisible();
}

const slot = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Time' }).getByRole('button', { name: new RegExp(`^${label}`) });

test.describe
  .serial('booking and check-in', () => {
    const date = bookingDate();
    let pointsBefore = 0;

    test('a patient books a visit, and may add it to a calendar', async ({ page }) => {
      await signIn(page, 'patient', '/login/patient');
      pointsBefore = await points(page);

      await page.goto('/appointments');
      await expectPageLoaded(page, 'Schedule an Appointment');
      await expect(page).toHaveTitle(/Schedule an Appointment/);
      // No patient picker for a patient: they book for themselves.
      await expect(page.getByRole('button', { name: 'Search patients' })).toHaveCount(0);
      const add = page.getByRole('button', { name: 'Add Appointment' });
      await expect(add).toBeDisabled();
      await expect(page.getByText(MSG.completeRequiredFields)).toBeVisible();

      // A date before an office is chosen is refused with the spec's words.
      await page.getByLabel('Date').fill(date);
      await expect(page.getByText(MSG.selectOfficeFirst)).toBeVisible();
      await expectNoAxeViolations(page);

      await chooseOfficeDoctorAndDate(page, date);
      await slot(page, '10:00 am').click();
      await expect(slot(page, '10:00 am')).toHaveAttribute('aria-pressed', 'true');
      await page.getByLabel('Type of visit').selectOption('visit');
      await page.getByLabel('Notes').fill('Neck is stiff in the mornings.');
      await expectNoAxeViolations(page);
      await expect(add).toBeEnabled();
      await add.click();
      await expect(page.getByRole('status').filter({ hasText: MSG.appointmentAdded })).toBeVisible();
      // The booked slot is now taken here too.
      await expect(slot(page, '10:00 am')).toBeDisabled();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Add to calendar' }).click();
      expect((await download).suggestedFilename()).toMatch(/^appointment-\d+\.ics$/);
    });

    test('the booked slot shows as taken to the next patient, who books another time', async ({ page }) => {
      await signIn(page, 'patient2', '/login/patient');
      await page.goto('/appointments');
      await chooseOfficeDoctorAndDate(page, date);
      await expect(slot(page, '10:00 am')).toBeDisabled();
      await expect(slot(page, '10:00 am')).toContainText('Booked');
      await slot(page, '11:00 am').click();
      await page.getByLabel('Type of visit').selectOption('eval');
      await page.getByRole('button', { name: 'Add Appointment' }).click();
      await expect(page.getByRole('status').filter({ hasText: MSG.appointmentAdded })).toBeVisible();
    });

    test("the front desk walks today's visit to Completed and cancels another after confirming", async ({
      page,
    }) => {
      await signIn(page, 'frontdesk', '/login/doctor');
      await openClinicPage(page, 'Check-In');
      await expectPageLoaded(page, 'Front Desk Check-In');
      await page.getByLabel('Office').selectOption({ label: PORTLAND });
      await page.getByLabel('Date').fill(date);
      const booked = page.getByRole('article', { name: 'Emily Carter' });
      const james = page.getByRole('article', { name: 'James Nguyen' });
      await expect(booked).toContainText('10:00 am');
      await expect(booked).toContainText('Priya Raman');
      await expect(booked).toContainText('Scheduled');
      // Three weeks ahead the visit can be canceled, not walked in (issue 28).
      await expect(booked.getByRole('button')).toHaveText(['Cancel', 'History']);
      await expectNoAxeViolations(page);

      await page.getByLabel('Office').selectOption({ label: RALEIGH });
      await page.getByLabel('Date').fill(raleighToday());
      const emily = page.getByRole('article', { name: 'Emily Carter' });
      await expect(emily).toContainText('11:30 am');
      await expect(emily).toContainText('Marcus Bell');

      for (const [action, status] of [
        ['Walk In', 'Walked In'],
        ['In Room', 'In Room'],
        ['Complete', 'Completed'],
      ] as const) {
        await emily.getByRole('button', { name: action }).click();
        await expect(page.getByRole('status').filter({ hasText: msg.statusUpdated(status) })).toBeVisible();
        await expect(emily).toContainText(status);
      }
      // A finished visit offers no more status changes but its undo, that day; its history can still be opened.
      await expect(emily.getByRole('button')).toHaveText(['Undo Completed', 'History']);
      await emily.getByRole('button', { name: 'History' }).click();
      await expect(emily.getByRole('region', { name: 'Status history' })).toContainText(
        /Completed \(from In Room\)/,
      );
      // The message goes away after 3 seconds.
      await expect(page.getByText(msg.statusUpdated('Completed'))).toBeHidden({ timeout: 6_000 });

      await page.getByLabel('Office').selectOption({ label: PORTLAND });
      await page.getByLabel('Date').fill(date);

      // Cancel asks first; keeping the appointment changes nothing.
      await james.getByRole('button', { name: 'Cancel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
      await expect(dialog).toContainText(MSG.confirmCancel);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Keep appointment' }).click();
      await expect(dialog).toBeHidden();
      await expect(james).toContainText('Scheduled');
      await james.getByRole('button', { name: 'Cancel' }).click();
      await page
        .getByRole('dialog', { name: 'Cancel appointment' })
        .getByRole('button', { name: 'Cancel appointment' })
        .click();
      await expect(page.getByRole('status').filter({ hasText: msg.statusUpdated('Canceled') })).toBeVisible();
      await expect(james).toContainText('Canceled');
      await expect(james.getByRole('button')).toHaveText(['History']);
    });

    test("the patient's points rise by one and the visit shows as Completed on the dashboard", async ({
      page,
    }) => {
      await signIn(page, 'patient', '/login/patient');
      expect(await points(page)).toBe(pointsBefore + 1);
      const table = page.getByRole('region', { name: 'Appointments' }).getByRole('table');
      const row = table.getByRole('row').filter({ hasText: dayLabel(raleighToday()) });
      await expect(row).toContainText('Marcus Bell');
      await expect(row).toContainText('Completed');
      const booked = table.getByRole('row').filter({ hasText: dayLabel(date) });
      await expect(booked).toContainText('Priya Raman');
      await expect(booked).toContainText('Scheduled');
      await expectNoAxeViolations(page);
    });

    test('an admin edits an appointment in the popup and deletes it after confirming', async ({ page }) => {
      await signIn(page, 'admin', '/login/doctor');
      await page.goto('/frontdeskcheckin');
      await page.getByLabel('Office').selectOption({ label: PORTLAND });
      await page.getByLabel('Date').fill(date);
      await page
        .getByRole('article', { name: 'James Nguyen' })
        .getByRole('link', { name: 'Details' })
        .click();
      await expect(page).toHaveURL(/\/appointmentPopup\?id=\d+/);
      await expectPageLoaded(page, /^Appointment #\d+$/);
      await expectNoAxeViolations(page);
      await page.getByLabel('Notes').fill('Called to cancel: travelling.');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: MSG.appointmentUpdated })).toBeVisible();

      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete appointment' });
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('status').filter({ hasText: MSG.appointmentDeleted })).toBeVisible();
    });
  });

test.describe('scheduling screens at 360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('the booking form and the check-in list fit a phone and pass axe', async ({ page }) => {
    await signIn(page, 'patient2', '/login/patient');
    await page.goto('/appointments');
    await expectPageLoaded(page, 'Schedule an Appointment');
    await chooseOfficeDoctorAndDate(page, bookingDate());
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.goto('/dashboard/patient');
    await expect(page.getByRole('region', { name: 'Appointments' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await signOut(page);

    await signIn(page, 'frontdesk', '/login/doctor');
    await page.goto('/frontdeskcheckin');
    await expectPageLoaded(page, 'Front Desk Check-In');
    await expect(page.getByLabel('Office')).not.toHaveValue('');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});

test.describe('availability that follows the chosen doctor (issue 14)', () => {
  const DENVER = 'Summit PT Denver Highlands'; // two visits per slot, one per doctor

  /** An open Denver day 24 days out (Denver is closed on Sundays), and the Sunday of that week. */
  function denverDays(): { open: string; sunday: string } {
    let open = addCalendarDays(calendarDateInZone(new Date(), 'America/Denver'), 24);
    while (weekdayOfDate(open) === 'Sunday' || weekdayOfDate(open) === 'Saturday')
      open = addCalendarDays(open, 1);
    // The Sunday and the Monday after it stay inside the seeded 30 days of office hours, whatever today is.
    let sunday = addCalendarDays(calendarDateInZone(new Date(), 'America/Denver'), 19);
    while (weekdayOfDate(sunday) !== 'Sunday') sunday = addCalendarDays(sunday, 1);
    return { open, sunday };
  }

  async function chooseDenver(page: Page, doctor: string, date: string) {
    await page.getByLabel('Office').selectOption({ label: DENVER });
    await page.getByLabel('Doctor').selectOption({ label: doctor });
    await page.getByLabel('Date').fill(date);
  }

  test('a time the chosen doctor is busy at is taken though the office has room; a closed day offers the next free time', async ({
    page,
  }) => {
    const { open, sunday } = denverDays();
    await signIn(page, 'patient', '/login/patient');
    await page.goto('/appointments');
    await chooseDenver(page, 'Maya Lindqvist, Physical Therapist', open);
    await slot(page, '10:00 am').click();
    await page.getByLabel('Type of visit').selectOption('eval');
    await page.getByRole('button', { name: 'Add Appointment' }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.appointmentAdded })).toBeVisible();
    await signOut(page);

    await signIn(page, 'patient2', '/login/patient');
    await page.goto('/appointments');
    await chooseDenver(page, 'Maya Lindqvist, Physical Therapist', open);
    await expect(slot(page, '10:00 am')).toBeDisabled();
    await expect(slot(page, '10:00 am')).toContainText('Booked');
    // Another doctor of the office is free then: the office has room for a second visit.
    await page.getByLabel('Doctor').selectOption({ label: 'Elena Vasquez, Massage Therapist' });
    await expect(slot(page, '10:00 am')).toBeEnabled();

    // A Sunday has no hours: the form says so and offers the next free time, which it then shows.
    await page.getByLabel('Date').fill(sunday);
    await expect(page.getByText(MSG.noOfficeHours)).toBeVisible();
    await expect(page.getByText(/^The next free time is Monday, /)).toBeVisible();
    await expect(page.getByLabel('Date')).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Choose Monday, / }).click();
    await expect(page.getByLabel('Date')).toHaveValue(addCalendarDays(sunday, 1));
    await expect(
      page.getByRole('group', { name: 'Time' }).getByRole('button', { pressed: true }),
    ).toHaveCount(1);
  });
});

/** 'yyyy-mm-dd' as the dashboard says it: 'Saturday, December 19'. */
function inWords(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));
}

test.describe('patients cancel and move their own visits (issue 14)', () => {
  /** A Portland weekday `offset` days out or the next one (open until 5:30 pm), in the dashboard's words. */
  function portlandDay(offset: number): { date: string; words: string } {
    let date = addCalendarDays(calendarDateInZone(new Date(), 'America/Los_Angeles'), offset);
    while (weekdayOfDate(date) === 'Sunday' || weekdayOfDate(date) === 'Saturday')
      date = addCalendarDays(date, 1);
    return { date, words: inWords(date) };
  }

  async function book(page: Page, date: string, time: string) {
    await page.goto('/appointments');
    await chooseOfficeDoctorAndDate(page, date);
    await slot(page, time).click();
    await page.getByLabel('Type of visit').selectOption('eval');
    await page.getByRole('button', { name: 'Add Appointment' }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.appointmentAdded })).toBeVisible();
  }

  test('a patient cancels on the dashboard and another patient books the freed time at once', async ({
    page,
  }) => {
    const day = portlandDay(23);
    await signIn(page, 'patient', '/login/patient');
    await book(page, day.date, '3:30 pm');
    await page.goto('/dashboard/patient');
    const cancel = page.getByRole('button', { name: `Cancel the visit of ${day.words} at 3:30 pm` });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this visit?' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel visit' }).click();
    await expect(
      page.getByText(`Your visit on ${day.words} at 3:30 pm is canceled.`, { exact: false }),
    ).toBeVisible();
    await expect(cancel).toHaveCount(0);
    await signOut(page);

    await signIn(page, 'patient2', '/login/patient');
    await page.goto('/appointments');
    await chooseOfficeDoctorAndDate(page, day.date);
    await expect(slot(page, '3:30 pm')).toBeEnabled();
    await slot(page, '3:30 pm').click();
    await page.getByLabel('Type of visit').selectOption('eval');
    await page.getByRole('button', { name: 'Add Appointment' }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.appointmentAdded })).toBeVisible();
  });

  test('a patient moves a visit to another free time, and the old time is free again', async ({ page }) => {
    const day = portlandDay(24);
    await signIn(page, 'patient', '/login/patient');
    await book(page, day.date, '4:00 pm');
    await page.goto('/dashboard/patient');
    await page.getByRole('button', { name: `Move the visit of ${day.words} at 4:00 pm` }).click();
    const dialog = page.getByRole('dialog', { name: 'Move your visit' });
    await expect(dialog.getByRole('group', { name: 'New time' })).toBeVisible();
    await dialog
      .getByRole('group', { name: 'New time' })
      .getByRole('button', { name: /^4:30 pm/ })
      .click();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Move visit' }).click();
    await expect(page.getByText(`Your visit is moved to ${day.words} at 4:30 pm.`)).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Move the visit of ${day.words} at 4:30 pm` }),
    ).toBeVisible();

    await page.goto('/appointments');
    await chooseOfficeDoctorAndDate(page, day.date);
    await expect(slot(page, '4:00 pm')).toBeEnabled();
    await expect(slot(page, '4:30 pm')).toBeDisabled();
  });
});

test.describe('the waitlist of a full day (issue 14)', () => {
  /** The Portland Saturday 24 to 30 days out (open 9:00 am to 2:00 pm: ten places, one per slot). */
  function portlandSaturday(): string {
    let date = addCalendarDays(calendarDateInZone(new Date(), 'America/Los_Angeles'), 24);
    while (weekdayOfDate(date) !== 'Saturday') date = addCalendarDays(date, 1);
    return date;
  }

  test('a waitlisted patient is offered a freed time on the dashboard and books it', async ({
    page,
    request,
  }) => {
    const date = portlandSaturday();
    const words = inWords(date);
    // Emily takes every time of the day with Priya Raman (through the API, as ten bookings would).
    const login = await request.post('/api/patientinfo/login', {
      data: { username: 'patient', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const booked: number[] = [];
    for (let minutes = 9 * 60; minutes < 14 * 60; minutes += 30) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const res = await request.post('/api/appointments/add', {
        headers,
        data: { officeId: 3, doctorId: 3, appointmentDate: date, appointmentTime: time, typeVisit: 'eval' },
      });
      expect(res.status(), await res.text()).toBe(201);
      booked.push((await res.json()).appoinmentId);
    }

    // James finds the day full and joins its waitlist from the booking form.
    await signIn(page, 'patient2', '/login/patient');
    await page.goto('/appointments');
    await chooseOfficeDoctorAndDate(page, date);
    await expect(slot(page, '9:00 am')).toBeDisabled();
    await expectNoAxeViolations(page);
    // The type of visit comes first: a time taken from an offer is booked as that type (issue 28).
    const join = page.getByRole('button', { name: `Join the waitlist for ${words}` });
    await expect(join).toBeDisabled();
    await page.getByLabel('Type of visit').selectOption('visit');
    await join.click();
    await expect(page.getByText(`You are on the waitlist for ${words}.`, { exact: false })).toBeVisible();
    await page.goto('/dashboard/patient');
    const waitlist = page.getByRole('region', { name: 'Waitlist' });
    await expect(waitlist.getByText(`Waiting for a time on ${words}`)).toBeVisible();

    // Emily cancels her 9:00 visit: the time is offered to James and held for him.
    const cancel = await request.post(`/api/appointments/${booked[0]}/cancel`, { headers });
    expect(cancel.status()).toBe(200);
    // The offer's message links to /dashboard/patient?offer={id} (issue 28): signed out, James signs in
    // from there and lands on the offer, brought into focus.
    const offer = (await page.evaluate(async () => {
      const res = await fetch('/api/waitlist/mine', {
        headers: { authorization: `Bearer ${window.localStorage.getItem('jwt')}` },
      });
      return ((await res.json()) as { id: number; status: string }[]).find((e) => e.status === 'offered');
    }))!;
    await signOut(page);
    await page.goto(`/dashboard/patient?offer=${offer.id}`);
    await page.getByRole('link', { name: 'sign in' }).click();
    await submitLogin(page, 'patient2');
    await expect(page).toHaveURL(new RegExp(`/dashboard/patient\\?offer=${offer.id}$`));
    const offered = waitlist
      .getByRole('listitem')
      .filter({ hasText: `A time opened up for you: ${words} at 9:00 am` });
    await expect(offered).toBeFocused();
    await expectNoAxeViolations(page);
    await waitlist.getByRole('button', { name: `Book it for ${words} at 9:00 am` }).click();
    await expect(page.getByText(`Booked: ${words} at 9:00 am.`, { exact: false })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Appointments' })
        .getByRole('button', { name: `Cancel the visit of ${words} at 9:00 am` }),
    ).toBeVisible();
  });
});

test.describe('the booking page as each browser first sees it (docs/decisions/0050)', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a visitor is invited to sign in, in the HTML, styled, with the page title', async ({ page }) => {
      await page.goto('/appointments');
      await expect(page.getByRole('heading', { level: 1, name: 'Schedule an Appointment' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign in to book' })).toBeVisible();
      await expect(page).toHaveTitle(/Schedule an Appointment/);
      const padding = await page.getByRole('main').evaluate((main) => getComputedStyle(main).paddingTop);
      expect(padding).not.toBe('0px');
    });
  });

  test("a signed-in patient is never sent the visitor's page; after Logout a visitor is", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'patient', '/login/patient');
    const signedIn = await page.goto('/appointments');
    expect(await signedIn?.text()).not.toContain('Sign in to book');
    await expect(page.getByLabel('Office')).toBeVisible();

    await page.goto('/');
    await expectPageLoaded(page);
    await mainNav(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL('/login/patient');
    const visitor = await page.goto('/appointments');
    expect(await visitor?.text()).toContain('Sign in to book');
    await expectPageLoaded(page, 'Schedule an Appointment');
    await expect(page.getByRole('link', { name: 'Sign in to book' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test('booking for a patient without an authorization leaves the console clean (issue 28)', async ({
  page,
}) => {
  await signIn(page, 'ajohnson', '/login/patient');
  // The form asked for a latest authorization that is not there: a 404, logged by the browser as an error.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/appointments');
  await expectPageLoaded(page, 'Schedule an Appointment');
  await expect(page.getByText(MSG.noActiveAuthorization)).toBeVisible();
  await expect(page.getByLabel('Type of visit')).toHaveValue('eval');
  await chooseOfficeDoctorAndDate(page, bookingDate());
  await expect(page.getByRole('option', { name: 'Evaluation (first visit)' })).toBeAttached();
  expect(problems).toEqual([]);
});
