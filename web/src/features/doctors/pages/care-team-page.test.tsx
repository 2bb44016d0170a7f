import { MSG } from '@clinic/contract/messages';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { headersOf, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { CareTeamPage } from './care-team-page';

const SPECIALTIES = ['Physical Therapist', 'Massage Therapist', 'Acupuncture', 'PT Staff'];

function team() {
  const members = Array.from({ length: 14 }, (_, i) => ({
    doctorId: i + 1,
    officeId: i % 2 ? 2 : 1,
    officeName: i % 2 ? 'Summit PT Austin South Congress' : 'Summit PT Denver Highlands',
    firstName: `Name${String(i + 1).padStart(2, '0')}`,
    lastName: 'Member',
    specialty: SPECIALTIES[i % 4],
    bio: i === 0 ? 'Loves trail running.' : '',
    doctorPicture: i === 0 ? 'name01.png' : '',
    rating: 100,
  }));
  // A staff record that staff callers receive: never shown in the directory.
  members.push({ ...members[0]!, doctorId: 16, firstName: 'Avery', lastName: 'Admin', specialty: 'ADMIN' });
  return members;
}

const DIRECTORY = ['physical therapist', 'massage', 'acupunct', 'pt staff'];

/**
 * The server's side of GET all/details?page=&size=&search= (its rules are tested in doctors.test.ts): the
 * directory's members whose fields hold every word, one page, the total in X-Total-Count.
 */
function careTeamServer(url: string): Response {
  const params = new URL(url, 'http://test.invalid').searchParams;
  const words = (params.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matching = team().filter((d) => {
    const fields = [d.firstName, d.lastName, d.specialty, d.officeName].map((f) => (f ?? '').toLowerCase());
    const member = DIRECTORY.some((s) => d.specialty?.toLowerCase().includes(s));
    return member && words.every((word) => fields.some((field) => field.includes(word)));
  });
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  const response = jsonResponse(matching.slice((page - 1) * size, page * size));
  response.headers.set('X-Total-Count', String(matching.length));
  return response;
}

async function renderPage() {
  const fetchMock = mockFetch(careTeamServer);
  const view = renderWithRouter([{ path: '/staff', element: <CareTeamPage /> }], '/staff');
  await screen.findByText(/Showing 1–10 of 14 team members/);
  return { ...view, fetchMock };
}

const cardNames = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');

describe('Meet Our Care Team', () => {
  it('loads the first page of the directory without a token and shows 10 of the care team', async () => {
    const { fetchMock } = await renderPage();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/doctorinfo/doctor/all/details?page=1&size=10');
    expect(headersOf(init).Authorization).toBeUndefined();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Meet Our Care Team');
    expect(document.title).toContain('Meet Our Care Team');
    expect(cardNames()).toHaveLength(10);
    expect(screen.queryByText('Avery Admin')).toBeNull();
    expect(screen.getByPlaceholderText(MSG.careTeamSearchPlaceholder)).toBeTruthy();
  });

  it('pages with Prev and Next', async () => {
    await renderPage();
    const pages = screen.getByRole('navigation', { name: 'Care team pages' });
    const prev = within(pages).getByRole('button', { name: 'Prev' }) as HTMLButtonElement;
    expect(prev.disabled).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11–14 of 14 team members')).toBeTruthy();
    expect(cardNames()).toEqual(['Name11 Member', 'Name12 Member', 'Name13 Member', 'Name14 Member']);
    expect((within(pages).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(prev);
    await screen.findByText('Showing 1–10 of 14 team members');
    expect(cardNames()[0]).toBe('Name01 Member');
  });

  it('searches first name, last name, specialty or office name, and goes back to page 1', async () => {
    const { fetchMock } = await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 11–14 of 14 team members');
    const search = screen.getByRole('searchbox', { name: 'Search the care team' });
    fireEvent.input(search, { target: { value: 'acupuncture' } });
    await screen.findByText('Showing 1–3 of 3 team members');
    expect(cardNames()).toEqual(['Name03 Member', 'Name07 Member', 'Name11 Member']);
    fireEvent.input(search, { target: { value: 'austin massage' } });
    await screen.findByText('Showing 1–4 of 4 team members');
    expect(cardNames()).toEqual(['Name02 Member', 'Name06 Member', 'Name10 Member', 'Name14 Member']);
    fireEvent.input(search, { target: { value: 'name05' } });
    await screen.findByText('Showing 1–1 of 1 team member');
    expect(cardNames()).toEqual(['Name05 Member']);
    fireEvent.input(search, { target: { value: 'nobody' } });
    expect(await screen.findByText('No team members match “nobody”.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Care team pages' })).toBeNull();
    // The server searched, from its first page.
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(
      '/api/doctorinfo/doctor/all/details?page=1&size=10&search=nobody',
    );
  });

  it('opens a profile popup, with the bio or the spec fallback', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Name01 Member' }));
    let dialog = screen.getByRole('dialog', { name: 'Name01 Member' });
    expect(within(dialog).getByText('Loves trail running.')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Name02 Member' }));
    dialog = screen.getByRole('dialog', { name: 'Name02 Member' });
    expect(within(dialog).getByText(MSG.noBio)).toBeTruthy();
    expect(within(dialog).getByText('Summit PT Austin South Congress')).toBeTruthy();
  });

  it("shows the person's initials on a brand colour when a picture is missing or broken (issue 14)", async () => {
    const { container } = await renderPage();
    const cards = container.querySelectorAll('article');
    const first = cards[0]!.querySelector('img');
    expect(first?.getAttribute('src')).toBe('/images/doctor/name01.png');
    expect(cards[1]!.querySelector('img')).toBeNull();
    expect(cards[1]!.querySelector('svg')?.textContent).toMatch(/^\p{L}{1,2}$/u);
    fireEvent.error(first!);
    expect(cards[0]!.querySelector('img')).toBeNull();
    expect(cards[0]!.querySelector('svg')?.textContent).toMatch(/^\p{L}{1,2}$/u);
    expect(container.querySelector('img[src="/images/doctor/default.jpg"]')).toBeNull();
  });

  it('says so when the doctors cannot be loaded', async () => {
    mockFetch(() => jsonResponse({ error: 'internal_error', message: 'boom' }, 500));
    renderWithRouter([{ path: '/staff', element: <CareTeamPage /> }], '/staff');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
    });
    expect(await screen.findByText(MSG.failedToFetchDoctors)).toBeTruthy();
  });
});
