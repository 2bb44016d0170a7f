import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { ContentNavMenus } from './content-nav-menus';

const STRUCTURE = {
  'About Us': { Policies: [{ id: 4, title: 'Cancellation Policy' }] },
  'Patient Resources': {
    'Home Exercise': [
      { id: 1, title: 'Low Back Stretches' },
      { id: 2, title: 'Knee Strength' },
    ],
    'Your Visit': [{ id: 3, title: 'What to Bring' }],
  },
};

function renderMenus() {
  mockFetch((url) => {
    if (url === '/api/content/menuStructure') return jsonResponse(STRUCTURE);
    if (url === '/api/content/getContent/3') {
      return jsonResponse({
        id: 3,
        title: 'What to Bring',
        content: '<p>Bring <strong>your card</strong>.</p>',
        font_size: 22,
        category: 'Your Visit',
        extraData: 'Patient Resources',
        images: '',
        isMarkdown: false,
        markdownSource: '',
      });
    }
    return jsonResponse({ error: 'not_found', message: 'nope' }, 404);
  });
  return renderWithRouter([
    {
      path: '/',
      element: (
        <ul>
          <ContentNavMenus itemClassName="item" />
        </ul>
      ),
    },
  ]);
}

describe('ContentNavMenus', () => {
  it('shows one menu per top-level name, categories on the left and their titles on the right', async () => {
    renderMenus();
    const resources = await screen.findByRole('button', { name: 'Patient Resources' });
    expect(screen.getByRole('button', { name: 'About Us' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('item'))).toHaveLength(2);
    expect(resources).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(resources);
    expect(resources).toHaveAttribute('aria-expanded', 'true');
    const categories = screen.getByRole('list', { name: 'Patient Resources: categories' });
    expect(
      within(categories)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Home Exercise', 'Your Visit']);
    expect(screen.getByRole('list', { name: 'Home Exercise' })).toHaveTextContent(
      'Low Back StretchesKnee Strength',
    );

    fireEvent.click(within(categories).getByRole('button', { name: 'Your Visit' }));
    expect(within(categories).getByRole('button', { name: 'Your Visit' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('list', { name: 'Your Visit' })).toHaveTextContent('What to Bring');

    // Escape closes and gives focus back to the menu button.
    fireEvent.keyDown(within(categories).getByRole('button', { name: 'Your Visit' }), { key: 'Escape' });
    expect(resources).toHaveAttribute('aria-expanded', 'false');
    expect(resources).toHaveFocus();
  });

  it('a title opens the overlay with the page at its own font size; Close closes it', async () => {
    renderMenus();
    fireEvent.click(await screen.findByRole('button', { name: 'Patient Resources' }));
    fireEvent.click(screen.getByRole('button', { name: 'Your Visit' }));
    fireEvent.click(screen.getByRole('button', { name: 'What to Bring' }));

    const dialog = await screen.findByRole('dialog', { name: 'What to Bring' });
    const strong = await within(dialog).findByText('your card');
    expect(strong.tagName).toBe('STRONG');
    expect(strong.closest('[data-server-html]')).toHaveStyle({ fontSize: '22px' });
    expect(screen.getByRole('button', { name: 'Patient Resources' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renders nothing when the menu structure cannot be loaded', async () => {
    mockFetch(() => jsonResponse({ error: 'internal_error', message: 'down' }, 500));
    const { container } = renderWithRouter([
      {
        path: '/',
        element: (
          <ul>
            <ContentNavMenus />
          </ul>
        ),
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelectorAll('li')).toHaveLength(0);
  });
});
