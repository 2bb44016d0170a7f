import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

export type ReceiptsDb = Kysely<DB>;

/** Which receipts a staff list holds: all, one item's, or one day's. */
export type ReceiptFilter =
  | { inventoryId: number }
  | { date: string }
  | { pointsBankId: number }
  | Record<string, never>;

export interface ReceiptValues {
  pointsBankId: number;
  inventoryId: number;
  name: string;
  amountTotal: number;
  amountBefore: number;
  amountAfter: number;
  date: string;
}

const COLUMNS = [
  'receipts.id',
  'receipts.name',
  'receipts.vouched',
  'receipts.points_bank_id',
  'receipts.inventory_item_id',
  'receipts.amount_total',
  'receipts.amount_before',
  'receipts.amount_after',
  'receipts.date',
] as const;

export function createReceiptsRepository(db: Database) {
  /** Receipts with the patient whose bank holds them. */
  const withPatient = (trx: ReceiptsDb = db) =>
    trx
      .selectFrom('receipts')
      .innerJoin('points_banks', 'points_banks.id', 'receipts.points_bank_id')
      .select([...COLUMNS, 'points_banks.patient_id']);

  return {
    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    findBank(id: number, trx: ReceiptsDb = db) {
      return trx
        .selectFrom('points_banks')
        .select(['id', 'patient_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Receipts newest first below the `before` key, optionally of one item or one day. */
    listPage(filter: ReceiptFilter, before: number | undefined, take: number) {
      let query = withPatient().orderBy('receipts.id', 'desc').limit(take);
      if ('inventoryId' in filter) query = query.where('receipts.inventory_item_id', '=', filter.inventoryId);
      if ('date' in filter) query = query.where('receipts.date', '=', filter.date);
      if ('pointsBankId' in filter) query = query.where('receipts.points_bank_id', '=', filter.pointsBankId);
      if (before !== undefined) query = query.where('receipts.id', '<', before);
      return query.execute();
    },

    findById(id: number, trx: ReceiptsDb = db) {
      return withPatient(trx).where('receipts.id', '=', id).executeTakeFirst();
    },

    /** The receipt (and its bank), locked until the transaction ends: changes, refunds and bookings queue. */
    lockById(id: number, trx: ReceiptsDb) {
      return withPatient(trx).where('receipts.id', '=', id).forUpdate().executeTakeFirst();
    },

    /** The bank and its balance, locked until the transaction ends: a patient's purchases queue on it. */
    lockBank(id: number, trx: ReceiptsDb) {
      return trx
        .selectFrom('points_banks')
        .select(['id', 'patient_id', 'total_points'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async inventoryItemExists(id: number) {
      const row = await db.selectFrom('inventory_items').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    async insert(values: ReceiptValues, trx: ReceiptsDb): Promise<number> {
      const row = await trx
        .insertInto('receipts')
        .values({
          points_bank_id: values.pointsBankId,
          inventory_item_id: values.inventoryId,
          name: values.name,
          amount_total: values.amountTotal,
          amount_before: values.amountBefore,
          amount_after: values.amountAfter,
          date: values.date,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Points the ledger row of a purchase at its receipt. */
    async linkLedgerRow(ledgerId: number, receiptId: number, trx: ReceiptsDb) {
      await trx
        .updateTable('points_ledger')
        .set({ receipt_id: receiptId })
        .where('id', '=', ledgerId)
        .execute();
    },

    async update(id: number, changes: { vouched?: boolean; name?: string }, trx: ReceiptsDb) {
      await trx.updateTable('receipts').set(changes).where('id', '=', id).execute();
    },

    async remove(id: number, trx: ReceiptsDb) {
      await trx.deleteFrom('receipts').where('id', '=', id).execute();
    },
  };
}

export type ReceiptRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createReceiptsRepository>['findById']>>
>;
