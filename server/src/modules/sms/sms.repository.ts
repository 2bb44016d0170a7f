import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

/** The patients of a phone number and their text preferences (the SMS webhook's STOP, START). */
export function createSmsRepository(db: Database) {
  return {
    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** The patients whose phone number ends in these ten digits (patients_phone_digits_idx), at most 20. */
    patientsOfPhone(digits: string, trx: Transaction<DB>) {
      return (
        trx
          .selectFrom('patients as p')
          .leftJoin('patient_permissions as pp', 'pp.patient_id', 'p.id')
          .select([
            'p.id',
            'pp.allow_promotion_text',
            'pp.allow_appointment_reminder_text',
            'pp.allow_authorization_reminder_text',
          ])
          .where(sql<string>`right(regexp_replace(p.phone_number, '[^0-9]', '', 'g'), 10)`, '=', digits)
          .orderBy('p.id')
          .limit(20)
          // The patients' rows: their preferences change once per inbound text.
          .modifyEnd(sql`for update of p`)
          .execute()
      );
    },

    /** Sets the patient's text preferences (a row is made when they have none yet). */
    async setTextPreferences(
      trx: Transaction<DB>,
      patientId: number,
      values: {
        allow_promotion_text?: boolean;
        allow_appointment_reminder_text?: boolean;
        allow_authorization_reminder_text?: boolean;
      },
    ): Promise<void> {
      await trx
        .insertInto('patient_permissions')
        .values({ patient_id: patientId, ...values })
        .onConflict((oc) => oc.column('patient_id').doUpdateSet(values))
        .execute();
    },
  };
}
