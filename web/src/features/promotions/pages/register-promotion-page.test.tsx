import { MSG } from '@clinic/contract/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { RegisterPromotionPage } from './register-promotion-page';

function signInAs(role: string) {
  localStorage.setItem('jwt', 'token-1');
  localStorage.setItem('role', role);
}

const render = () =>
  renderWithRouter(
    [{ path: '/register/promotion', element: <RegisterPromotionPage /> }],
    '/register/promotion',
  );

const PROMOTIONS = [
  { id: 7, title: 'Hidden Offer', description: 'Later', picture: '', status: 0 },
  { id: 2, title: 'Spring Screening', description: 'Free', picture: 'spring.png', status: 1 },
];

describe('RegisterPromotionPage', () => {
  it('needs title, description and image; the image needs a title; then creates the promotion', async () => {
    signInAs('MANAGER');
    const created: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/images/upload') return new Response('summer-stretch-summer.png', { status: 200 });
      if (url === '/api/promotions/add') {
        created.push(JSON.parse(init.body as string));
        return jsonResponse({ id: 9, status: 1, ...JSON.parse(init.body as string) }, 201);
      }
      return jsonResponse(PROMOTIONS);
    });
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Create Promotion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.promotionFieldsRequired);
    expect(screen.getByLabelText('Image')).toBeDisabled();

    fireEvent.input(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Summer Stretch' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Description' }), {
      target: { value: 'Free class.' },
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Image'), {
        target: { files: [new File([new Uint8Array([1])], 'summer.png', { type: 'image/png' })] },
      });
    });
    expect(await screen.findByText(MSG.promotionImageUploaded)).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Promotion' }));
    });
    expect(await screen.findByText(MSG.promotionCreated)).toBeInTheDocument();
    expect(created).toEqual([
      { title: 'Summer Stretch', description: 'Free class.', picture: 'summer-stretch-summer.png' },
    ]);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  it("says 'Failed to create promotion.' when the server refuses", async () => {
    signInAs('ADMIN');
    mockFetch((url) => {
      if (url === '/api/images/upload') return new Response('a.png', { status: 200 });
      if (url === '/api/promotions/add') return jsonResponse({ error: 'internal_error', message: 'x' }, 500);
      return jsonResponse([]);
    });
    render();
    fireEvent.input(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'A' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'B' } });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Image'), {
        target: { files: [new File([new Uint8Array([1])], 'a.png', { type: 'image/png' })] },
      });
    });
    await screen.findByText(MSG.promotionImageUploaded);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Promotion' }));
    });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.promotionCreateFailed));
  });

  it('lists every promotion for managers and changes a status with PUT /promotions/{id}/status', async () => {
    signInAs('MANAGER');
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url.startsWith('/api/promotions/2/status')) return jsonResponse({ ...PROMOTIONS[1], status: 0 });
      return jsonResponse(PROMOTIONS);
    });
    render();
    const hidden = await screen.findByRole('heading', { name: 'Hidden Offer' });
    expect(hidden.closest('li')).toHaveTextContent('Hidden');
    const shown = screen.getByRole('heading', { name: 'Spring Screening' }).closest('li') as HTMLElement;
    expect(shown).toHaveTextContent('Shown (position 1)');
    await act(async () => {
      fireEvent.click(within(shown).getByRole('button', { name: 'Hide' }));
    });
    await waitFor(() => expect(calls).toContain('PUT /api/promotions/2/status?status=0'));
    expect(calls).toContain('GET /api/promotions/all');
  });

  it('asks before deleting', async () => {
    signInAs('MANAGER');
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (init.method === 'DELETE') return new Response(null, { status: 204 });
      return jsonResponse(PROMOTIONS);
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Spring Screening' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this promotion?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Spring Screening' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete promotion' }));
    });
    await waitFor(() => expect(calls).toContain('DELETE /api/promotions/2'));
  });

  it('other roles see Access Denied', () => {
    signInAs('FRONTDESK');
    mockFetch(() => jsonResponse([]));
    render();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.accessDenied);
  });
});
