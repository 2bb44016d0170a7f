import { INVENTORY_IMAGE_FOLDER } from '@clinic/contract/constants';
import type { InventoryBody, InventoryItem, InventoryListQuery } from '@clinic/contract/inventory';
import { isIsoDate } from '@clinic/contract/patient-details';
import type { AppContext } from '../../app-context';
import type { WriteAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import type { ImageUpload } from '../../platform/image-upload';
import { createImageStore, type ImageStore } from '../../platform/images';
import { type KeyPage, pageByKey } from '../../platform/key-paging';
import { attachablePicture } from '../../platform/picture-name';
import { practiceToday } from '../../platform/time/practice-date';
import {
  createInventoryRepository,
  type InventoryDb,
  type InventoryRow,
  type InventoryValues,
} from './inventory.repository';

export const rewardNotFound = () => notFound('Reward not found.');

/** Whether the item is on sale on `date` (the practice's 'yyyy-mm-dd'): from its start to its end date. */
export function isOnSale(item: { start_date: string; end_date: string }, date: string): boolean {
  return item.start_date <= date && date <= item.end_date;
}

function checkedDates(body: InventoryBody): { startDate: string; endDate: string } {
  if (!isIsoDate(body.startDate)) throw badRequest('startDate is not a valid date (yyyy-mm-dd).');
  if (!isIsoDate(body.endDate)) throw badRequest('endDate is not a valid date (yyyy-mm-dd).');
  if (body.endDate < body.startDate) throw badRequest('End date must be on or after the start date.');
  return { startDate: body.startDate, endDate: body.endDate };
}

/**
 * The rewards shop's items (spec §7 Inventory; docs/decisions/0031). Anyone may browse them; ADMIN and
 * MANAGER (inventory:manage) keep them, each write committed with its audit row.
 */
export function createInventoryService(ctx: AppContext, images: ImageStore = createImageStore(ctx.config)) {
  const repo = createInventoryRepository(ctx.db);

  /** The body as stored: trimmed text, real dates in order, and a picture that was uploaded to 'inventory'. */
  async function valuesOf(body: InventoryBody, currentPicture?: string): Promise<InventoryValues> {
    const picture =
      body.picture === undefined
        ? (currentPicture ?? '')
        : await attachablePicture(images, INVENTORY_IMAGE_FOLDER, body.picture, 'picture', currentPicture);
    return {
      title: body.title.trim(),
      description: body.description.trim(),
      price: body.price,
      picture,
      ...checkedDates(body),
    };
  }

  async function existing(id: number, trx?: InventoryDb): Promise<InventoryRow> {
    const row = await repo.findById(id, trx);
    if (!row) throw rewardNotFound();
    return row;
  }

  return {
    /** Newest first, by key; `available` keeps the items on sale on the practice's today. */
    async list(query: InventoryListQuery): Promise<KeyPage<InventoryItem>> {
      const onSaleOn = query.available ? practiceToday(ctx.config.practiceTimeZone) : undefined;
      const page = await pageByKey(
        query,
        (before, take) => repo.listPage(onSaleOn, before, take),
        (row) => row.id,
      );
      return { ...page, items: page.items.map(toInventoryItem) };
    },

    async get(id: number): Promise<InventoryItem> {
      return toInventoryItem(await existing(id));
    },

    /** The item's picture file names: its one picture, or none. */
    async pictures(id: number): Promise<string[]> {
      const row = await existing(id);
      return row.picture === '' ? [] : [row.picture];
    },

    async create(body: InventoryBody, audit: WriteAudit): Promise<InventoryItem> {
      const values = await valuesOf(body);
      return repo.transaction(async (trx) => {
        const row = await repo.insert(values, trx);
        await audit.commit(trx, row.id, null);
        return toInventoryItem(row);
      });
    },

    /** Every field anew; a picture left out stays, and the item's current picture may be sent back as is. */
    async update(id: number, body: InventoryBody, audit: WriteAudit): Promise<InventoryItem> {
      const current = await existing(id);
      const values = await valuesOf(body, current.picture);
      return repo.transaction(async (trx) => {
        const row = await repo.update(id, values, trx);
        if (!row) throw rewardNotFound();
        await audit.commit(trx, id, null);
        return toInventoryItem(row);
      });
    },

    /** Deletes the item; its receipts keep the title they were bought under. */
    async remove(id: number, audit: WriteAudit): Promise<void> {
      await repo.transaction(async (trx) => {
        if (!(await repo.remove(id, trx))) throw rewardNotFound();
        await audit.commit(trx, id, null);
      });
    },

    /** Stores the upload in the 'inventory' folder and makes it the item's picture. */
    async uploadPicture(id: number, upload: ImageUpload, audit: WriteAudit): Promise<InventoryItem> {
      await existing(id);
      const name = await images.save(INVENTORY_IMAGE_FOLDER, upload.requestedName, upload.bytes);
      return repo.transaction(async (trx) => {
        const row = await repo.update(id, { picture: name }, trx);
        if (!row) throw rewardNotFound();
        await audit.commit(trx, id, null);
        return toInventoryItem(row);
      });
    },
  };
}

export function toInventoryItem(row: InventoryRow): InventoryItem {
  return {
    inventory_id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    picture: row.picture,
    startDate: row.start_date,
    endDate: row.end_date,
  };
}
