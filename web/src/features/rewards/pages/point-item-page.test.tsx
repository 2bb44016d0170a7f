import type { InventoryBody, InventoryItem } from '@clinic/contract/inventory';
import { MSG } from '@clinic/contract/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render-with-router';
import { signInAs } from '../../../test/sign-in';
import { inventoryItemFixture, mockApi } from '../test-support';
import { PointItemPage } from './point-item-page';

const render = () =>
  renderWithRouter([{ path: '/register/point-item', element: <PointItemPage /> }], '/register/point-item');

const ON_SALE = inventoryItemFixture();
const UPCOMING = inventoryItemFixture({
  inventory_id: 4,
  title: 'Water Bottle',
  picture: '',
  startDate: '2998-01-01',
  endDate: '2998-12-31',
});
const ENDED = inventoryItemFixture({
  inventory_id: 2,
  title: 'Old Towel',
  picture: 'null',
  startDate: '2001-01-01',
  endDate: '2001-02-01',
});
const ITEMS: InventoryItem[] = [UPCOMING, ON_SALE, ENDED];

const form = () => screen.getByRole('form', { name: 'New item' });
const field = (name: RegExp | string, within_: HTMLElement = form()) => within(within_).getByLabelText(name);

function fill(
  values: Partial<Record<'Title' | 'Description' | 'Price' | 'Start' | 'End', string>>,
  root?: HTMLElement,
) {
  const labels = {
    Title: /^Title/,
    Description: /^Description/,
    Price: /^Price/,
    Start: /^Start date/,
    End: /^End date/,
  } as const;
  for (const [key, value] of Object.entries(values)) {
    fireEvent.input(field(labels[key as keyof typeof labels], root), { target: { value } });
  }
}

const bodyOf = (init: RequestInit) => JSON.parse(init.body as string) as InventoryBody;

describe('PointItemPage (/register/point-item)', () => {
  it.each(['FRONTDESK', 'DOCTOR', 'PATIENT'])('%s sees Access Denied and no call is made', (role) => {
    const api = mockApi({});
    signInAs(role);
    render();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.accessDenied);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('signed out, it offers the login', () => {
    mockApi({});
    render();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.accessDenied);
    expect(screen.getByRole('link', { name: 'Sign in as staff' })).toBeInTheDocument();
  });

  it('lists every item with its price, dates, picture and whether it is on sale, upcoming or ended', async () => {
    const api = mockApi({ 'GET /api/inventory/all': () => jsonResponse(ITEMS) });
    signInAs('MANAGER');
    const { container } = render();
    const item = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;
    await screen.findByRole('heading', { name: 'Massage Voucher' });
    expect(item('Massage Voucher')).toHaveTextContent('On sale');
    expect(item('Massage Voucher')).toHaveTextContent('10 points');
    expect(item('Massage Voucher')).toHaveTextContent('2000-01-01 to 2999-12-31');
    expect(item('Water Bottle')).toHaveTextContent('Upcoming');
    expect(item('Old Towel')).toHaveTextContent('Ended');
    const thumbs = [...container.querySelectorAll('li img')].map((img) => img.getAttribute('src'));
    expect(thumbs).toEqual(['/images/default.png', '/images/inventory/massage.png', '/images/default.png']);
    // The manager sees them all, not only those on sale.
    expect(api.called('GET', '/api/inventory/all')[0]?.query.has('available')).toBe(false);
  });

  it('checks every field (spec §5) before sending, and the end may not be before the start', async () => {
    const api = mockApi({ 'GET /api/inventory/all': () => jsonResponse([]) });
    signInAs('ADMIN');
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    expect(field(/^Title/)).toHaveAccessibleDescription('Enter a title.');
    expect(field(/^Description/)).toHaveAccessibleDescription('Enter a description.');
    expect(field(/^Price/)).toHaveAccessibleDescription(/Enter a price in points\./);
    expect(field(/^Start date/)).toHaveAccessibleDescription('Choose a start date.');
    expect(field(/^End date/)).toHaveAccessibleDescription(/Choose an end date\./);
    expect(field(/^Title/)).toHaveAttribute('aria-invalid', 'true');

    fill({ Title: 'Towel', Description: 'A towel.', Price: '-1', Start: '2030-02-01', End: '2030-01-31' });
    expect(field(/^Title/)).not.toHaveAttribute('aria-invalid');
    expect(field(/^Price/)).toHaveAccessibleDescription(/whole number of points, 0 or more/);
    expect(field(/^End date/)).toHaveAccessibleDescription(/may not be before the start date/);
    fill({ Price: '2.5' });
    expect(field(/^Price/)).toHaveAccessibleDescription(/whole number of points, 0 or more/);
    fireEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    expect(api.called('POST', '/api/inventory/add')).toEqual([]);
  });

  it("creates an item: 'Item created successfully!', the form starts afresh and the list reloads", async () => {
    const api = mockApi({
      'GET /api/inventory/all': () => jsonResponse([]),
      'POST /api/inventory/add': ({ init }) =>
        jsonResponse({ ...bodyOf(init), inventory_id: 9, picture: '' } satisfies InventoryItem, 201),
    });
    signInAs('MANAGER');
    render();
    await screen.findByText('No items yet.');
    fill({ Title: ' Towel ', Description: 'A towel.', Price: '0', Start: '2030-01-01', End: '2030-01-01' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    });
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.itemCreated);
    expect(api.called('POST', '/api/inventory/add').map((c) => bodyOf(c.init))).toEqual([
      {
        title: 'Towel',
        description: 'A towel.',
        price: 0,
        picture: '',
        startDate: '2030-01-01',
        endDate: '2030-01-01',
      },
    ]);
    expect(field(/^Title/)).toHaveValue('');
    await waitFor(() => expect(api.called('GET', '/api/inventory/all')).toHaveLength(2));
  });

  it("says 'Error saving item.' with the server's reason when the create is refused", async () => {
    mockApi({
      'GET /api/inventory/all': () => jsonResponse([]),
      'POST /api/inventory/add': () =>
        jsonResponse(
          { error: 'bad_request', message: 'The end date may not be before the start date.' },
          400,
        ),
    });
    signInAs('MANAGER');
    render();
    fill({ Title: 'Towel', Description: 'A towel.', Price: '3', Start: '2030-01-01', End: '2030-01-02' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    });
    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      `${MSG.errorSavingItem} The end date may not be before the start date.`,
    );
    expect(field(/^Title/)).toHaveValue('Towel');
  });

  it("edits an item and uploads its picture: 'Item updated successfully!'", async () => {
    const api = mockApi({
      'GET /api/inventory/all': () => jsonResponse(ITEMS),
      'POST /api/inventory/3/pictures': () =>
        new Response('massage-new.png', { status: 200, headers: { 'Content-Type': 'text/plain' } }),
      'PUT /api/inventory/update/3': ({ init }) => jsonResponse({ ...ON_SALE, ...bodyOf(init) }),
    });
    signInAs('ADMIN');
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Massage Voucher' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit “Massage Voucher”' });
    expect(within(dialog).getByLabelText(/^Price/)).toHaveValue(10);
    fill({ Price: '15', End: '2999-06-30' }, dialog);
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Picture'), {
        target: { files: [new File([new Uint8Array([1])], 'new.png', { type: 'image/png' })] },
      });
    });
    expect(await within(dialog).findByText(MSG.imageUploaded)).toBeInTheDocument();
    const upload = api.called('POST', '/api/inventory/3/pictures')[0]?.init.body as FormData;
    expect(upload.get('file')).toBeInstanceOf(File);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save item' }));
    });
    expect(await screen.findByText(MSG.itemUpdated)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.called('PUT', '/api/inventory/update/3').map((c) => bodyOf(c.init))).toEqual([
      {
        title: 'Massage Voucher',
        description: 'A 30-minute massage.',
        price: 15,
        picture: 'massage-new.png',
        startDate: '2000-01-01',
        endDate: '2999-06-30',
      },
    ]);
  });

  it("keeps the dialog open with 'Error saving item.' when the update fails", async () => {
    mockApi({
      'GET /api/inventory/all': () => jsonResponse(ITEMS),
      'PUT /api/inventory/update/3': () => jsonResponse({ error: 'internal_error', message: '' }, 500),
    });
    signInAs('MANAGER');
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Massage Voucher' }));
    const dialog = screen.getByRole('dialog');
    fill({ Title: '' }, dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save item' }));
    expect(within(dialog).getByLabelText(/^Title/)).toHaveAccessibleDescription('Enter a title.');
    fill({ Title: 'Massage' }, dialog);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save item' }));
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.errorSavingItem);
  });

  it("asks before deleting; then 'Item deleted successfully!', or 'Error deleting item.'", async () => {
    let refuse = false;
    const api = mockApi({
      'GET /api/inventory/all': () => jsonResponse(ITEMS),
      'DELETE /api/inventory/delete/3': () =>
        refuse
          ? jsonResponse({ error: 'internal_error', message: 'x' }, 500)
          : new Response(null, { status: 204 }),
    });
    signInAs('MANAGER');
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Massage Voucher' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this item?' });
    expect(dialog).toHaveTextContent(MSG.confirmDeleteItem);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.called('DELETE', '/api/inventory/delete/3')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Massage Voucher' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete item' }));
    });
    expect(await screen.findByText(MSG.itemDeleted)).toBeInTheDocument();

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Delete Massage Voucher' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete item' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(`${MSG.errorDeletingItem} x`);
    expect(api.called('DELETE', '/api/inventory/delete/3')).toHaveLength(2);
  });

  it('shows more items by the key of the Link header', async () => {
    const api = mockApi({
      'GET /api/inventory/all': ({ query }) =>
        query.get('before') === '4'
          ? jsonResponse([ENDED])
          : new Response(JSON.stringify([UPCOMING]), {
              headers: {
                'Content-Type': 'application/json',
                Link: '</api/inventory/all?before=4&limit=50>; rel="next"',
              },
            }),
    });
    signInAs('MANAGER');
    render();
    await screen.findByRole('heading', { name: 'Water Bottle' });
    fireEvent.click(screen.getByRole('button', { name: 'Show more items' }));
    expect(await screen.findByRole('heading', { name: 'Old Towel' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Water Bottle' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more items' })).not.toBeInTheDocument();
    expect(api.called('GET', '/api/inventory/all').map((c) => c.query.toString())).toEqual([
      'limit=50',
      'limit=50&before=4',
    ]);
  });
});
