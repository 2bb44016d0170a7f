import { MSG } from '@clinic/contract/messages';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { POPUP_MESSAGE_TYPE } from '../../../lib/popup';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { SelectProcedurePage } from './select-procedure-page';

const CODES = [
  { code: '97110', description: 'Therapeutic exercise', differenceCode: 'P', picture: '' },
  { code: '97140', description: 'Manual therapy techniques', differenceCode: 'P', picture: '' },
  { code: '97124', description: 'Massage', differenceCode: 'P', picture: '' },
];

function renderPopup(path: string, respond: () => Response = () => jsonResponse(CODES)) {
  const fetchMock = mockFetch(respond);
  renderWithRouter([{ path: '/select-procedure-diagnosis', element: <SelectProcedurePage /> }], path);
  return fetchMock;
}

describe('procedure/diagnosis selector popup', () => {
  it('the first letter of the type picks the code kind', async () => {
    const fetchMock = renderPopup('/select-procedure-diagnosis?type=procedure');
    await screen.findByText('3 codes');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/procedures/search?differenceCode=P');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Select a procedure code');
  });

  it('asks for diagnoses with type=diagnosis', async () => {
    const fetchMock = renderPopup('/select-procedure-diagnosis?type=Diagnosis');
    await screen.findByText('3 codes');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/procedures/search?differenceCode=D');
  });

  it('filters by code or description', async () => {
    renderPopup('/select-procedure-diagnosis?type=procedure');
    await screen.findByText('3 codes');
    const filter = screen.getByRole('searchbox', { name: 'Filter by code or description' });
    fireEvent.input(filter, { target: { value: '9714' } });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '97140Manual therapy techniques',
    ]);
    fireEvent.input(filter, { target: { value: 'MASSAGE' } });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['97124Massage']);
  });

  it('sends the chosen code to the opener and closes', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { closed: false, postMessage });
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderPopup('/select-procedure-diagnosis?type=procedure');
    fireEvent.click(await screen.findByRole('button', { name: /97140/ }));
    expect(postMessage).toHaveBeenCalledWith(
      expect.objectContaining({
        type: POPUP_MESSAGE_TYPE,
        source: 'procedure-diagnosis',
        id: '97140',
        name: '97140 - Manual therapy techniques',
      }),
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
  });

  it("says 'Failed to load codes' when the list cannot be loaded", async () => {
    renderPopup('/select-procedure-diagnosis?type=procedure', () =>
      jsonResponse({ error: 'unauthorized', message: 'x' }, 401),
    );
    expect(await screen.findByText(MSG.failedToLoadCodes, {}, { timeout: 3000 })).toBeTruthy();
  });
});
