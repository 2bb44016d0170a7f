import { type Static, Type } from 'typebox';

/**
 * A receipt (a reward purchase, and for visit rewards a voucher booked as Voucher-{id}) as the spec's
 * calls send it (§3: receipt_id, also id, name, vouched, pointsBankId, inventoryId, amountTotal,
 * amountBefore, amountAfter, date).
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
export const PointsBankIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
