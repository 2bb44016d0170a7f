import { OFFICE_SEARCH_MAX, OFFICES_MAX } from '@clinic/contract/offices';
import { type Kysely, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/database';
import { likeContains } from '../../db/like-pattern';
import type { DB, OfficesTable } from '../../db/schema';

type Executor = Kysely<DB>;

export type OfficeValues = Omit<Updateable<OfficesTable>, 'id' | 'created_at'>;

export function createOfficesRepository(db: Database) {
  const columns = [
    'id',
    'name',
    'address',
    'description',
    'phone_number',
    'email',
    'office_key',
    'images',
    'time_zone',
  ] as const;

  return {
    list() {
      return db.selectFrom('offices').select(columns).orderBy('id').limit(OFFICES_MAX).execute();
    },

    search(term: string) {
      const pattern = likeContains(term);
      return db
        .selectFrom('offices')
        .select(columns)
        .where((eb) =>
          eb.or([
            eb(sql`lower(name)`, 'like', pattern),
            eb(sql`lower(address)`, 'like', pattern),
            eb(sql`lower(coalesce(office_key, ''))`, 'like', pattern),
          ]),
        )
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(OFFICE_SEARCH_MAX)
        .execute();
    },

    findById(id: number, executor: Executor = db) {
      return executor.selectFrom('offices').select(columns).where('id', '=', id).executeTakeFirst();
    },

    insert(values: OfficeValues & { name: string; time_zone: string }) {
      return db.insertInto('offices').values(values).returning(columns).executeTakeFirstOrThrow();
    },

    update(id: number, values: OfficeValues, executor: Executor = db) {
      return executor
        .updateTable('offices')
        .set(values)
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirst();
    },

    /**
     * After an office's time zone is corrected, its appointments keep their local date and time (what the
     * patient was told) and their absolute instants are recomputed in the new zone.
     */
    async reanchorAppointments(officeId: number, timeZone: string, executor: Executor) {
      await executor
        .updateTable('appointments')
        .set({
          starts_at: sql<Date>`((appointment_date + appointment_time) at time zone ${timeZone})`,
        })
        .where('office_id', '=', officeId)
        .execute();
    },

    async hasAppointments(officeId: number) {
      const row = await db
        .selectFrom('appointments')
        .select('id')
        .where('office_id', '=', officeId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async delete(id: number) {
      const result = await db.deleteFrom('offices').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The office of a staff member's doctor record (a DOCTOR edits only that one). */
    async officeOfDoctor(doctorId: number) {
      const row = await db
        .selectFrom('doctors')
        .select('office_id')
        .where('id', '=', doctorId)
        .executeTakeFirst();
      return row?.office_id ?? null;
    },

    transaction<T>(work: (trx: Executor) => Promise<T>) {
      return db.transaction().execute(work);
    },
  };
}

export type OfficeRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createOfficesRepository>['findById']>>
>;
