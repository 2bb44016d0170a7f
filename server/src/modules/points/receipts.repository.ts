import type { Database } from '../../db/database';

export function createReceiptsRepository(db: Database) {
  return {
    findBank(id: number) {
      return db
        .selectFrom('points_banks')
        .select(['id', 'patient_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    listByBank(pointsBankId: number) {
      return db
        .selectFrom('receipts')
        .select([
          'id',
          'name',
          'vouched',
          'points_bank_id',
          'inventory_item_id',
          'amount_total',
          'amount_before',
          'amount_after',
          'date',
        ])
        .where('points_bank_id', '=', pointsBankId)
        .orderBy('date', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
  };
}
