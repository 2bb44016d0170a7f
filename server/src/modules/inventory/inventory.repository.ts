import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

export type InventoryDb = Kysely<DB>;

export interface InventoryValues {
  title: string;
  description: string;
  price: number;
  picture: string;
  startDate: string;
  endDate: string;
}

const COLUMNS = ['id', 'title', 'description', 'price', 'picture', 'start_date', 'end_date'] as const;

const columnsOf = (values: Partial<InventoryValues>) => ({
  ...(values.title !== undefined ? { title: values.title } : {}),
  ...(values.description !== undefined ? { description: values.description } : {}),
  ...(values.price !== undefined ? { price: values.price } : {}),
  ...(values.picture !== undefined ? { picture: values.picture } : {}),
  ...(values.startDate !== undefined ? { start_date: values.startDate } : {}),
  ...(values.endDate !== undefined ? { end_date: values.endDate } : {}),
});

export function createInventoryRepository(db: Database) {
  const findById = (id: number, trx: InventoryDb = db) =>
    trx.selectFrom('inventory_items').select(COLUMNS).where('id', '=', id).executeTakeFirst();

  return {
    transaction<T>(work: (trx: InventoryDb) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    findById,

    /** Items newest first below the `before` key; with `onSaleOn`, only those on sale that day. */
    listPage(onSaleOn: string | undefined, before: number | undefined, take: number) {
      let query = db.selectFrom('inventory_items').select(COLUMNS).orderBy('id', 'desc').limit(take);
      if (onSaleOn !== undefined) {
        query = query.where('end_date', '>=', onSaleOn).where('start_date', '<=', onSaleOn);
      }
      if (before !== undefined) query = query.where('id', '<', before);
      return query.execute();
    },

    insert(values: InventoryValues, trx: InventoryDb) {
      return trx
        .insertInto('inventory_items')
        .values({
          title: values.title,
          description: values.description,
          price: values.price,
          picture: values.picture,
          start_date: values.startDate,
          end_date: values.endDate,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** The changed item, or undefined when there is none with that id. */
    update(id: number, values: Partial<InventoryValues>, trx: InventoryDb) {
      return trx
        .updateTable('inventory_items')
        .set(columnsOf(values))
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirst();
    },

    /** Whether an item was deleted; its receipts keep their name and lose the link (on delete set null). */
    async remove(id: number, trx: InventoryDb): Promise<boolean> {
      const result = await trx.deleteFrom('inventory_items').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type InventoryRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createInventoryRepository>['findById']>>
>;
