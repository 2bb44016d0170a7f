import { type Static, Type } from 'typebox';
import { BoundedList, IsoDate, NonBlank } from './common';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** The highest price a reward may have, in points. */
export const INVENTORY_PRICE_MAX = 1_000_000;

/**
 * A reward in the points shop as the spec's calls send it (§3: inventory_id, title, description, price in
 * points, picture, startDate, endDate). It is on sale from startDate to endDate inclusive.
 */
export const InventoryItem = Type.Object({
  inventory_id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  price: Type.Integer(),
  /** The picture's file name in the 'inventory' folder, or '' (the web shows none for '', 'null', 'undefined'). */
  picture: Type.String(),
  startDate: Type.String({ description: 'yyyy-mm-dd' }),
  endDate: Type.String({ description: 'yyyy-mm-dd' }),
});
export type InventoryItem = Static<typeof InventoryItem>;
export const InventoryItemList = Type.Array(InventoryItem);

/**
 * POST /inventory/add and PUT /inventory/update/{id} (§5: title, description, price a number >= 0, start
 * and end dates required; the end may not be before the start).
 */
export const InventoryBody = Type.Object({
  title: NonBlank({ maxLength: 200 }),
  description: NonBlank({ maxLength: 2000 }),
  price: Type.Integer({ minimum: 0, maximum: INVENTORY_PRICE_MAX }),
  picture: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  startDate: IsoDate,
  endDate: IsoDate,
});
export type InventoryBody = Static<typeof InventoryBody>;

/**
 * GET /inventory/all: newest first, paged by key (`Link` header for the next page). `available=true` keeps
 * only the items on sale today (the practice's local date), which is what the rewards page shows.
 */
export const InventoryListQuery = Type.Object({
  available: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  before: Type.Optional(Id),
});
export type InventoryListQuery = Static<typeof InventoryListQuery>;

export const InventoryIdParams = Type.Object({ id: Id });

/** GET /inventory/{id}/pictures: the item's picture file names (none or one). */
export const InventoryPictureList = BoundedList(Type.String(), 1);
