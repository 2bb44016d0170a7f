import { type Static, Type } from 'typebox';
import { IsoDate } from './common';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const IdLike = Type.Union([Id, Type.String({ maxLength: 12 })]);

/**
 * A receipt (a reward purchase, and for visit rewards a voucher booked as Voucher-{id}) as the spec's
 * calls send it (§3: receipt_id, also id, name, vouched, pointsBankId, inventoryId, amountTotal,
 * amountBefore, amountAfter, date). vouched false is shown as Pending, true as Received (§4).
 */
export const Receipt = Type.Object({
  receipt_id: Type.Integer(),
  id: Type.Integer(),
  name: Type.String(),
  vouched: Type.Boolean(),
  pointsBankId: Type.Integer(),
  inventoryId: Type.Union([Type.Integer(), Type.Null()]),
  amountTotal: Type.Integer(),
  amountBefore: Type.Integer(),
  amountAfter: Type.Integer(),
  date: Type.String({ description: 'yyyy-mm-dd' }),
});
export type Receipt = Static<typeof Receipt>;

export const ReceiptList = Type.Array(Receipt);
export { PointsBankIdParams } from './points';
export const ReceiptIdParams = Type.Object({ id: Id });
export const ReceiptDateParams = Type.Object({ d: IsoDate });

/**
 * POST /receipts, the purchase (§7: inventoryId, pointsBankId, amountTotal, amountBefore 0, amountAfter 0,
 * date). The server decides the amounts and the date: it spends the item's current price from the bank,
 * which must be the caller's own; the amounts and date sent are ignored.
 */
export const PurchaseBody = Type.Object({
  inventoryId: IdLike,
  pointsBankId: IdLike,
  amountTotal: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 }), Type.Null()])),
  amountBefore: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 }), Type.Null()])),
  amountAfter: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 }), Type.Null()])),
  date: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Null()])),
});
export type PurchaseBody = Static<typeof PurchaseBody>;

/**
 * PUT /receipts/{id} (ADMIN, MANAGER): hand a reward over at the desk (vouched true: Received) or correct
 * its name. Amounts never change here; a refund is DELETE /receipts/{id}.
 */
export const ReceiptUpdateBody = Type.Object({
  vouched: Type.Optional(Type.Boolean()),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
});
export type ReceiptUpdateBody = Static<typeof ReceiptUpdateBody>;

/** GET /receipts, /receipts/inventory/{id}, /receipts/date/{d}, /receipts/pointsBank/{id}: newest first, paged by key. */
export const RECEIPT_PAGE_MAX = 200;
export const ReceiptListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RECEIPT_PAGE_MAX })),
  before: Type.Optional(Id),
});
export type ReceiptListQuery = Static<typeof ReceiptListQuery>;
