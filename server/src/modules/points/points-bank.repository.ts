import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

const COLUMNS = ['id', 'patient_id', 'total_points'] as const;

export function createPointsBankRepository(db: Database) {
  return {
    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    findByPatient(patientId: number) {
      return db
        .selectFrom('points_banks')
        .select(COLUMNS)
        .where('patient_id', '=', patientId)
        .executeTakeFirst();
    },

    findById(id: number, trx: Transaction<DB>) {
      return trx.selectFrom('points_banks').select(COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** The bank, locked until the transaction ends: a balance is set from what it is now. */
    lockById(id: number, trx: Transaction<DB>) {
      return trx
        .selectFrom('points_banks')
        .select(COLUMNS)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Banks by id, oldest first, above the `after` key. */
    listPage(after: number | undefined, take: number) {
      let query = db.selectFrom('points_banks').select(COLUMNS).orderBy('id', 'asc').limit(take);
      if (after !== undefined) query = query.where('id', '>', after);
      return query.execute();
    },

    async patientExists(patientId: number, trx: Transaction<DB>) {
      const row = await trx
        .selectFrom('patients')
        .select('id')
        .where('id', '=', patientId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A new empty bank's id, or undefined when the patient has one already. */
    async insertEmpty(patientId: number, trx: Transaction<DB>): Promise<number | undefined> {
      const row = await trx
        .insertInto('points_banks')
        .values({ patient_id: patientId, total_points: 0 })
        .onConflict((oc) => oc.column('patient_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The patient's appointment and its status, or undefined when it is not that patient's. */
    appointmentOf(patientId: number, appointmentId: number, trx: Transaction<DB>) {
      return trx
        .selectFrom('appointments')
        .select(['id', 'status'])
        .where('id', '=', appointmentId)
        .where('patient_id', '=', patientId)
        .executeTakeFirst();
    },
  };
}
