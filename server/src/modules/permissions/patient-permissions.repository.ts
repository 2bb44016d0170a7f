import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB, PatientPermissionsTable } from '../../db/schema';
import type { CommitAudit } from '../../platform/audit';

/** The columns a caller may change, as SQL names; keys of this type are the only ones ever written. */
export type PreferenceColumnName = Exclude<keyof PatientPermissionsTable, 'id' | 'patient_id'>;

export type PreferenceValues = Partial<{
  email: string;
  phone: string;
  allow_promotion_text: boolean;
  allow_promotion_email: boolean;
  allow_appointment_reminder_text: boolean;
  allow_appointment_reminder_email: boolean;
  allow_authorization_reminder_text: boolean;
  allow_authorization_reminder_email: boolean;
}>;

const COLUMNS = [
  'id',
  'patient_id',
  'email',
  'phone',
  'allow_promotion_text',
  'allow_promotion_email',
  'allow_appointment_reminder_text',
  'allow_appointment_reminder_email',
  'allow_authorization_reminder_text',
  'allow_authorization_reminder_email',
] as const;

export function createPatientPermissionsRepository(db: Database) {
  const findById = (id: number) =>
    db.selectFrom('patient_permissions').select(COLUMNS).where('id', '=', id).executeTakeFirst();

  return {
    findById,

    /** A page by patient id (patient_permissions_patient_id_key), after patient `after`. */
    listAll(after: number | undefined, take: number) {
      let query = db.selectFrom('patient_permissions').select(COLUMNS);
      if (after !== undefined) query = query.where('patient_id', '>', after);
      return query.orderBy('patient_id').limit(take).execute();
    },

    findByPatient(patientId: number) {
      return db
        .selectFrom('patient_permissions')
        .select(COLUMNS)
        .where('patient_id', '=', patientId)
        .executeTakeFirst();
    },

    findPatientContact(patientId: number) {
      return db
        .selectFrom('patients')
        .select(['email', 'phone_number'])
        .where('id', '=', patientId)
        .executeTakeFirst();
    },

    /**
     * Inserts the patient's one row; undefined when they already have one (the unique key decides). Each write
     * below commits with its audit row (`commitAudit`, given the row) or not at all.
     */
    insert(
      patientId: number,
      values: PreferenceValues,
      commitAudit: (trx: Kysely<DB>, id: number) => Promise<void>,
    ) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('patient_permissions')
          .values({ patient_id: patientId, ...values })
          .onConflict((oc) => oc.column('patient_id').doNothing())
          .returning(COLUMNS)
          .executeTakeFirst();
        if (row) await commitAudit(trx, row.id);
        return row;
      });
    },

    update(id: number, values: PreferenceValues, commitAudit: CommitAudit) {
      return db.transaction().execute(async (trx) => {
        const row =
          Object.keys(values).length === 0
            ? await trx
                .selectFrom('patient_permissions')
                .select(COLUMNS)
                .where('id', '=', id)
                .executeTakeFirst()
            : await trx
                .updateTable('patient_permissions')
                .set(values)
                .where('id', '=', id)
                .returning(COLUMNS)
                .executeTakeFirst();
        if (row) await commitAudit(trx);
        return row;
      });
    },

    remove(id: number, commitAudit: CommitAudit): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('patient_permissions').where('id', '=', id).executeTakeFirst();
        if (result.numDeletedRows === 0n) return false;
        await commitAudit(trx);
        return true;
      });
    },
  };
}

export type PatientPermissionsRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createPatientPermissionsRepository>['findById']>>
>;
