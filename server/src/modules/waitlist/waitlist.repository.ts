import { WAITLIST_MAX_LISTED } from '@clinic/contract/waitlist';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

/** The waitlist's rows, with the office's and doctor's names for the patient's list. */
export function createWaitlistRepository(db: Database) {
  const listQuery = (executor: Database | Transaction<DB>) =>
    executor
      .selectFrom('waitlist_entries as w')
      .innerJoin('offices as o', 'o.id', 'w.office_id')
      .leftJoin('doctors as d', 'd.id', 'w.doctor_id')
      .select([
        'w.id',
        'w.patient_id',
        'w.office_id',
        'o.name as office_name',
        'w.doctor_id',
        sql<
          string | null
        >`case when d.is_placeholder then null else d.first_name || ' ' || d.last_name end`.as('doctor_name'),
        'w.date',
        'w.type_visit',
        'w.status',
        'w.offered_time',
        'w.offer_expires_at',
        'w.appointment_id',
        'w.created_at',
      ]);

  return {
    /** A patient's open entries and their latest closed ones, newest first (bounded). */
    listOfPatient(patientId: number) {
      return listQuery(db)
        .where('w.patient_id', '=', patientId)
        .orderBy('w.created_at', 'desc')
        .orderBy('w.id', 'desc')
        .limit(WAITLIST_MAX_LISTED)
        .execute();
    },

    findForList(id: number) {
      return listQuery(db).where('w.id', '=', id).executeTakeFirst();
    },

    /** An entry with where its offer is and how to reach that office (the offer's message). */
    findForMessage(id: number) {
      return listQuery(db)
        .select(['o.time_zone', 'o.address as office_address', 'o.phone_number as office_phone'])
        .where('w.id', '=', id)
        .executeTakeFirst();
    },

    /** How many days the patient waits for now. */
    async countOpen(trx: Transaction<DB>, patientId: number): Promise<number> {
      const row = await trx
        .selectFrom('waitlist_entries')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('patient_id', '=', patientId)
        .where('status', 'in', ['waiting', 'offered'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    insert(
      trx: Transaction<DB>,
      values: {
        patient_id: number;
        office_id: number;
        doctor_id: number | null;
        date: string;
        type_visit: string;
      },
    ): Promise<number> {
      return trx
        .insertInto('waitlist_entries')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    },

    lock(trx: Transaction<DB>, id: number) {
      return trx
        .selectFrom('waitlist_entries')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    setStatus(
      trx: Transaction<DB>,
      id: number,
      status: 'booked' | 'left' | 'expired',
      appointmentId: number | null = null,
    ) {
      return trx
        .updateTable('waitlist_entries')
        .set({ status, ...(appointmentId !== null ? { appointment_id: appointmentId } : {}) })
        .where('id', '=', id)
        .execute();
    },

    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
  };
}

export type WaitlistRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createWaitlistRepository>['findForList']>>
>;
