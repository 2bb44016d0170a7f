import { MSG } from '@clinic/contract/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { OfficeHoursTable } from './office-hours-table';

// 06:30 UTC on Sunday 2026-03-08: still Saturday the 7th in Los Angeles, already Sunday in New York.
const NOW = new Date('2026-03-08T06:30:00Z');

function show(props: { timeZone: string; showIncrements?: boolean }) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <OfficeHoursTable officeId={3} officeName="Pearl" now={NOW} showIncrements={false} {...props} />
    </QueryClientProvider>,
  );
}

const day = (date: string, openHour: string | null, closeHour: string | null, incraments = 2) => ({
  id: 1,
  officeId: 3,
  date,
  dayOfWeek: openHour ? 'Saturday' : 'Closed',
  openHour,
  closeHour,
  incraments,
});

describe('OfficeHoursTable', () => {
  it('starts at the office own today and marks missing days Closed', async () => {
    mockFetch(() => jsonResponse([day('2026-03-07', '09:00', '14:00'), day('2026-03-09', '08:00', '17:30')]));
    show({ timeZone: 'America/Los_Angeles' });
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Sat, Mar 7Today');
    expect(rows[1]).toHaveTextContent('9:00 am – 2:00 pm');
    expect(rows[2]).toHaveTextContent('Sun, Mar 8Closed');
    expect(rows[3]).toHaveTextContent('8:00 am – 5:30 pm');
    expect(screen.queryByText(/incr:/)).not.toBeInTheDocument();
  });

  it('in New York the same moment is already Sunday; ADMIN sees the increment', async () => {
    mockFetch(() => jsonResponse([day('2026-03-09', '08:00', '17:30', 3)]));
    show({ timeZone: 'America/New_York', showIncrements: true });
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Sun, Mar 8');
    expect(rows[2]).toHaveTextContent('incr: 3/30min');
  });

  it("says 'Not available' without hours data, and when the hours cannot be loaded", async () => {
    mockFetch(() => jsonResponse([]));
    const first = show({ timeZone: 'America/Denver' });
    expect(await screen.findByText(MSG.notAvailable)).toBeInTheDocument();
    first.unmount();
    mockFetch(() => jsonResponse({ error: 'internal_error', message: 'down' }, 500));
    show({ timeZone: 'America/Denver' });
    expect(await screen.findByText(MSG.notAvailable, undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
