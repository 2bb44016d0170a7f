import { MSG } from '@clinic/contract/messages';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { ContentCreatorPage } from './content-creator-page';

function signInAs(role: string) {
  localStorage.setItem('jwt', 'token-1');
  localStorage.setItem('role', role);
}

const saved = (body: Record<string, unknown>) => ({
  id: 9,
  title: body.title,
  content: body.content,
  font_size: body.fontSize,
  category: body.category,
  extraData: body.extraData,
  images: body.images,
  isMarkdown: body.isMarkdown,
  markdownSource: body.isMarkdown ? body.content : '',
});

function renderCreator() {
  return renderWithRouter(
    [{ path: '/content-creator', element: <ContentCreatorPage /> }],
    '/content-creator',
  );
}

const titleBox = () => screen.getByRole('textbox', { name: 'Title' });

describe('ContentCreatorPage', () => {
  it('refuses to save without a title, then saves with the font size as fontSize', async () => {
    signInAs('ADMIN');
    const posted: Record<string, unknown>[] = [];
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/content/saveContent') {
        const body = JSON.parse(init.body as string);
        posted.push(body);
        return jsonResponse(saved(body), 201);
      }
      return jsonResponse([]);
    });
    renderCreator();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Content' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Font size (px)' })).toHaveValue(18);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.titleRequired);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/content/saveContent')).toBe(false);

    fireEvent.input(titleBox(), { target: { value: '  Knee Care  ' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Category/ }), { target: { value: 'Knees' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Extra data/ }), { target: { value: 'Guides' } });
    screen.getByRole('textbox', { name: 'Content' }).innerHTML = '<p><b>Ice</b> after exercise.</p>';
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByText(MSG.contentSaved)).toBeInTheDocument();
    expect(posted).toEqual([
      {
        title: 'Knee Care',
        content: '<p><b>Ice</b> after exercise.</p>',
        fontSize: 18,
        category: 'Knees',
        extraData: 'Guides',
        images: '',
        isMarkdown: false,
      },
    ]);
    // The page now exists: the next save updates it.
    expect(screen.getByText('Editing page #9')).toBeInTheDocument();
  });

  it("says 'Error saving content.' when the server refuses", async () => {
    signInAs('MANAGER');
    mockFetch((url) =>
      url === '/api/content/saveContent'
        ? jsonResponse({ error: 'bad_request', message: 'images: "x" is not an image URL' }, 400)
        : jsonResponse([]),
    );
    renderCreator();
    fireEvent.input(titleBox(), { target: { value: 'Page' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.errorSavingContent));
  });

  it('uploads images into the content folder named after the title, and adds them to the page', async () => {
    signInAs('ADMIN');
    const uploads: FormData[] = [];
    mockFetch((url, init) => {
      if (url === '/api/images/upload') {
        const form = init.body as FormData;
        uploads.push(form);
        return new Response(String(form.get('filename')).toLowerCase(), { status: 200 });
      }
      return jsonResponse([]);
    });
    renderCreator();
    const picker = screen.getByLabelText('Choose images');
    expect(picker).toBeDisabled();
    fireEvent.input(titleBox(), { target: { value: 'Knee Care: Week 1!' } });
    expect(picker).toBeEnabled();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'Quad Set.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(picker, { target: { files: [file] } });
    });
    expect(await screen.findByText(MSG.imageUploaded)).toBeInTheDocument();
    expect(uploads[0]?.get('directory')).toBe('content');
    expect(uploads[0]?.get('filename')).toBe('knee-care-week-1-Quad Set.png');
    const image = screen.getByRole('textbox', { name: 'Content' }).querySelector('img');
    expect(image?.getAttribute('src')).toBe('/images/content/knee-care-week-1-quad%20set.png');
    expect(screen.getByRole('checkbox', { name: 'knee-care-week-1-quad set.png' })).toBeInTheDocument();
  });

  it('other roles see Access Denied', () => {
    signInAs('DOCTOR');
    mockFetch(() => jsonResponse([]));
    renderCreator();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.accessDenied);
    expect(screen.queryByRole('textbox', { name: 'Content' })).toBeNull();
  });
});
