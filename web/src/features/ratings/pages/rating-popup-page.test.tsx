import { MSG } from '@clinic/contract/messages';
import type { RatingBody } from '@clinic/contract/ratings';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POPUP_MESSAGE_TYPE } from '../../../lib/popup';
import { RATING_APPOINTMENT_KEY, RATING_POPUP_SOURCE } from '../../../lib/rating-popup';
import { summaryProblems } from '../../../test/error-summary';
import { headersOf, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { mockOpener } from '../../../test/popup-window';
import { ratingFixture } from '../../../test/rating-fixtures';
import { renderWithRouter } from '../../../test/render-with-router';
import { signInAs } from '../../../test/sign-in';
import { RATING_POPUP_CLOSE_MS, RatingPopupPage } from './rating-popup-page';

function renderPopup() {
  return renderWithRouter([{ path: '/ratingpopup', element: <RatingPopupPage /> }], '/ratingpopup');
}

function openedFor(appointmentId: string) {
  sessionStorage.setItem(RATING_APPOINTMENT_KEY, appointmentId);
  signInAs('PATIENT', 7);
}

const form = () => screen.getByRole('form', { name: 'Rate your visit' });

function choose(group: string, score: number) {
  fireEvent.click(
    within(screen.getByRole('group', { name: group })).getByRole('radio', { name: String(score) }),
  );
}

const radios = (group: string) => within(screen.getByRole('group', { name: group })).getAllByRole('radio');

function submit() {
  fireEvent.click(within(form()).getByRole('button', { name: 'Submit rating' }));
}

/** The server: answers the PUT with `answer` and records the bodies it was sent. */
function mockRatingServer(answer: () => Response = () => jsonResponse(ratingFixture())) {
  const sent: { url: string; body: RatingBody; authorization: string | undefined }[] = [];
  mockFetch((url, init) => {
    if (init.method === 'PUT') {
      sent.push({
        url,
        body: JSON.parse(init.body as string) as RatingBody,
        authorization: headersOf(init).Authorization,
      });
      return answer();
    }
    return jsonResponse({ error: 'not_found', message: 'unexpected' }, 404);
  });
  return sent;
}

afterEach(() => sessionStorage.clear());

describe('rating popup', () => {
  it("without an appointment id in session storage it says 'No ID provided' and shows no form", () => {
    const sent = mockRatingServer();
    signInAs('PATIENT', 7);
    renderPopup();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Rate Your Visit');
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.noIdProvided);
    expect(screen.getByText(/No visit was chosen to rate/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('only a patient may rate: staff see Access Denied', () => {
    sessionStorage.setItem(RATING_APPOINTMENT_KEY, '41');
    signInAs('ADMIN');
    renderPopup();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.accessDenied);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('both scores are required: nothing is sent without them', () => {
    const sent = mockRatingServer();
    openedFor('41');
    renderPopup();
    submit();
    expect(summaryProblems(within(form()).getByRole('alert'))).toEqual([
      'Choose the overall rating, a whole number from 1 to 10.',
      'Choose the office rating, a whole number from 1 to 10.',
    ]);
    expect(radios('Overall rating')[0]).toHaveAttribute('aria-invalid', 'true');
    expect(radios('Overall rating')[0]).toHaveFocus();

    choose('Overall rating', 8);
    submit();
    expect(summaryProblems(within(form()).getByRole('alert'))).toEqual([
      'Choose the office rating, a whole number from 1 to 10.',
    ]);
    expect(radios('Overall rating')[0]).not.toHaveAttribute('aria-invalid');
    expect(radios('Office rating')[9]).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('offers ten labelled scores per rating and explains the anonymous choice', () => {
    openedFor('41');
    renderPopup();
    const overall = screen.getByRole('group', { name: 'Overall rating' });
    expect(
      within(overall)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(Array.from({ length: 10 }, (_, i) => String(i + 1)));
    expect(screen.getByRole('checkbox', { name: 'Submit as anonymous' })).toHaveAccessibleDescription(
      'Your rating will not be linked to you, and you will not see its scores later.',
    );
  });

  it('sends the scores, reason and notes for the stored visit, tells the opener, thanks and closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { opener, close } = mockOpener();
    const sent = mockRatingServer();
    openedFor('41');
    renderPopup();
    choose('Overall rating', 8);
    choose('Office rating', 9);
    fireEvent.input(screen.getByLabelText('Reason'), { target: { value: ' Knee feels better ' } });
    fireEvent.input(screen.getByLabelText('Extra notes'), { target: { value: 'Friendly desk' } });
    submit();

    expect(await screen.findByRole('status')).toHaveTextContent(MSG.ratingThanks);
    expect(sent).toEqual([
      {
        url: '/api/ratings/update/appointment/41',
        body: {
          rating: 8,
          officeRating: 9,
          reason: 'Knee feels better',
          extraNotes: 'Friendly desk',
          anoymonous: false,
        },
        authorization: 'Bearer token',
      },
    ]);
    expect(opener.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ type: POPUP_MESSAGE_TYPE, source: RATING_POPUP_SOURCE, id: 41 }),
      window.location.origin,
    );
    expect(screen.getByText('This window closes in a moment.')).toBeInTheDocument();
    expect(close).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(RATING_POPUP_CLOSE_MS));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('sends anoymonous true when submitted as anonymous', async () => {
    mockOpener();
    const sent = mockRatingServer();
    openedFor('41');
    renderPopup();
    choose('Overall rating', 3);
    choose('Office rating', 10);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Submit as anonymous' }));
    submit();
    expect(await screen.findByText(MSG.ratingThanks)).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({
      rating: 3,
      officeRating: 10,
      reason: '',
      extraNotes: '',
      anoymonous: true,
    });
  });

  it("a refusal shows 'Failed to update rating.' with the server's message and keeps the form", async () => {
    const { opener } = mockOpener();
    mockRatingServer(() => jsonResponse({ error: 'conflict', message: MSG.ratingAlreadyGiven }, 409));
    openedFor('41');
    renderPopup();
    choose('Overall rating', 8);
    choose('Office rating', 9);
    submit();
    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      `${MSG.failedToUpdateRating} ${MSG.ratingAlreadyGiven}`,
    );
    expect(opener.postMessage).not.toHaveBeenCalled();
    expect(within(form()).getByRole('button', { name: 'Submit rating' })).toBeEnabled();
  });

  it('opened directly (no opener), a success stays on screen for the reader', async () => {
    const { close } = mockOpener(false);
    mockRatingServer();
    openedFor('41');
    renderPopup();
    choose('Overall rating', 8);
    choose('Office rating', 9);
    submit();
    expect(await screen.findByText(MSG.ratingThanks)).toBeInTheDocument();
    expect(screen.getByText('You can close this window.')).toBeInTheDocument();
    expect(close).not.toHaveBeenCalled();
  });
});
