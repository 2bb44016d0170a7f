import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { JoinWaitlist } from './join-waitlist';

function renderJoin(typeVisit: string) {
  const bodies: unknown[] = [];
  mockFetch((_url, init) => {
    bodies.push(JSON.parse(String(init.body)));
    return jsonResponse({ id: 1 }, 201);
  });
  renderWithRouter([
    {
      path: '/',
      element: <JoinWaitlist officeId={3} doctorId={null} date="2030-01-08" typeVisit={typeVisit} />,
    },
  ]);
  return bodies;
}

describe('joining the waitlist of a full day', () => {
  it('waits for the type of visit chosen, which an offer taken is booked as (issue 28)', async () => {
    const bodies = renderJoin('visit');
    fireEvent.click(screen.getByRole('button', { name: /^Join the waitlist/ }));
    expect(await screen.findByText(/You are on the waitlist/)).toBeTruthy();
    expect(bodies).toEqual([{ officeId: 3, doctorId: null, date: '2030-01-08', typeVisit: 'visit' }]);
  });

  it('asks for a type of visit first instead of waiting for an evaluation', () => {
    const bodies = renderJoin('');
    const button = screen.getByRole('button', { name: /^Join the waitlist/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Choose the type of visit below first/);
    fireEvent.click(button);
    expect(bodies).toEqual([]);
  });
});
