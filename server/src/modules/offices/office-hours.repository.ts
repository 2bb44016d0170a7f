import { OFFICE_HOURS_LIST_MAX } from '@clinic/contract/offices';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB, OfficeHoursTable } from '../../db/schema';

type Executor = Kysely<DB>;

export type OfficeHoursValues = Pick<
  OfficeHoursTable,
  'office_id' | 'date' | 'day_of_week' | 'open_hour' | 'close_hour'
> & { increments: number };

const columns = ['id', 'office_id', 'date', 'day_of_week', 'open_hour', 'close_hour', 'increments'] as const;

export function createOfficeHoursRepository(db: Database) {
  return {
    /** One page of every office's stored days, oldest row first, after row `after`. */
    listPage(after: number | undefined, take: number) {
      let query = db.selectFrom('office_hours').select(columns);
      if (after !== undefined) query = query.where('id', '>', after);
      return query.orderBy('id').limit(take).execute();
    },

    findById(id: number) {
      return db.selectFrom('office_hours').select(columns).where('id', '=', id).executeTakeFirst();
    },

    listByOffice(officeId: number, range: { from?: string; to?: string } = {}) {
      let query = db.selectFrom('office_hours').select(columns).where('office_id', '=', officeId);
      if (range.from) query = query.where('date', '>=', range.from);
      if (range.to) query = query.where('date', '<=', range.to);
      return query.orderBy('date').limit(OFFICE_HOURS_LIST_MAX).execute();
    },

    findByOfficeAndDate(officeId: number, date: string) {
      return db
        .selectFrom('office_hours')
        .select(columns)
        .where('office_id', '=', officeId)
        .where('date', '=', date)
        .executeTakeFirst();
    },

    /** One row per office and day: saving a day again replaces its hours. */
    upsert(values: OfficeHoursValues, executor: Executor = db) {
      return executor
        .insertInto('office_hours')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['office_id', 'date']).doUpdateSet({
            day_of_week: values.day_of_week,
            open_hour: values.open_hour,
            close_hour: values.close_hour,
            increments: values.increments,
          }),
        )
        .returning(columns)
        .executeTakeFirstOrThrow();
    },

    async delete(id: number) {
      const result = await db.deleteFrom('office_hours').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    transaction<T>(work: (trx: Executor) => Promise<T>) {
      return db.transaction().execute(work);
    },
  };
}

export type OfficeHoursRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createOfficeHoursRepository>['findById']>>
>;
