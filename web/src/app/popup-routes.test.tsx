import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RATING_APPOINTMENT_KEY } from '../lib/rating-popup';
import { appointmentFixture } from '../test/appointment-fixtures';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderWithRouter } from '../test/render-with-router';
import { signInAs } from '../test/sign-in';
import { InsuranceRecordSelectorRoute } from './insurance-record-selector-route';
import { RatingPopupRoute } from './rating-popup-route';

/** Answers the given paths; anything else is a 404 naming the call. */
function mockPaths(answers: Record<string, unknown>) {
  mockFetch((url) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname in answers) return jsonResponse(answers[pathname]);
    return jsonResponse({ error: 'not_found', message: `unexpected ${pathname}` }, 404);
  });
}

describe('popups that name what they are about (issue 28)', () => {
  it('the rating popup says which visit is rated: date, time, provider and office', async () => {
    mockPaths({
      '/api/appointments/5': appointmentFixture({
        appoinmentId: 5,
        appointmentDate: '2026-11-26',
        appointmentTime: '14:30',
        doctorName: 'Marcus Bell',
        officeName: 'Denver Highlands',
        conformation: 'Completed',
      }),
    });
    sessionStorage.setItem(RATING_APPOINTMENT_KEY, '5');
    signInAs('PATIENT', 7);
    renderWithRouter([{ path: '/ratingpopup', element: <RatingPopupRoute /> }], '/ratingpopup');
    expect(
      await screen.findByText('Your visit of Nov 26, 2026 at 2:30 pm with Marcus Bell, Denver Highlands'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Rate your visit' })).toBeInTheDocument();
  });

  it('the insurance-record selector names the patient, not their number', async () => {
    mockPaths({
      '/api/patientinfo/6': {
        patientId: 6,
        firstName: 'Sofia',
        lastName: 'Ramirez',
      },
      '/api/insurancePatientInfo/patient/6': [],
    });
    signInAs('FRONTDESK');
    renderWithRouter(
      [{ path: '/insurance-record-selector', element: <InsuranceRecordSelectorRoute /> }],
      '/insurance-record-selector?patientId=6',
    );
    expect(await screen.findByText('Insurance records of Sofia Ramirez. Choose one.')).toBeInTheDocument();
    expect(screen.queryByText(/patient #6/i)).not.toBeInTheDocument();
  });
});
