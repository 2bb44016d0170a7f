import { MSG } from '@clinic/contract/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { PromotionsCarousel } from './promotions-carousel';

const render = () => renderWithRouter([{ path: '/', element: <PromotionsCarousel /> }]);

describe('PromotionsCarousel', () => {
  it('shows the promotions from GET /api/promotions/sorted ascending by status, picture first', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse([
        { id: 3, title: 'Third', description: 'c', picture: '', status: 3 },
        { id: 1, title: 'First', description: 'a', picture: 'spring.png', status: 1 },
        { id: 2, title: 'Second', description: 'b', picture: '/images/promotion/b.png', status: 2 },
      ]),
    );
    render();
    expect(await screen.findByRole('region', { name: 'Promotions' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/promotions/sorted');
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides.map((slide) => slide.querySelector('h3')?.textContent)).toEqual([
      'First',
      'Second',
      'Third',
    ]);
    const pictures = slides.map((slide) => slide.querySelector('img'));
    expect(pictures.map((img) => img?.getAttribute('src'))).toEqual([
      '/images/promotion/spring.png',
      '/images/promotion/b.png',
      '/images/default.png',
    ]);
    // Sized, and lazy after the first.
    expect(pictures[0]).toHaveAttribute('width', '480');
    expect(pictures[0]).toHaveAttribute('height', '320');
    expect(pictures[0]).toHaveAttribute('loading', 'eager');
    expect(pictures[1]).toHaveAttribute('loading', 'lazy');
  });

  it("says 'No Active Promotions' when there are none", async () => {
    mockFetch(() => jsonResponse([]));
    render();
    expect(await screen.findByText(MSG.noActivePromotions)).toBeInTheDocument();
  });

  it("says 'No Active Promotions' when loading fails", async () => {
    mockFetch(() => jsonResponse({ error: 'internal_error', message: 'down' }, 500));
    render();
    expect(await screen.findByText(MSG.noActivePromotions, {}, { timeout: 4000 })).toBeInTheDocument();
  });
});
