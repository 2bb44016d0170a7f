import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB, PatientPermissionsTable } from '../../db/schema';
import type { CommitAudit } from '../../platform/audit';

/** The flag columns a caller may change, as SQL names; keys of this type are the only ones ever written. */
export type PreferenceColumnName = Exclude<keyof PatientPermissionsTable, 'id' | 'patient_id'>;

/**
 * A change of preferences: the flags, and the contact e-mail and phone, which are the patient's own
 * (patients.email and phone_number, migration 0014), so a change here is a change of the profile too.
 */
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

const FLAG_COLUMNS = [
  'allow_promotion_text',
  'allow_promotion_email',
  'allow_appointment_reminder_text',
  'allow_appointment_reminder_email',
  'allow_authorization_reminder_text',
  'allow_authorization_reminder_email',
] as const;

/** The preferences with the patient's contact details (one source of truth: the patients row). */
const withContact = (db: Kysely<DB>) =>
  db
    .selectFrom('patient_permissions')
    .innerJoin('patients', 'patients.id', 'patient_permissions.patient_id')
    .select([
      'patient_permissions.id',
      'patient_permissions.patient_id',
      'patients.email',
      'patients.phone_number as phone',
      ...FLAG_COLUMNS.map((column) => `patient_permissions.${column}` as const),
    ]);

/** Splits a change into the patient's contact and the preference flags, and writes both. */
async function writeValues(trx: Kysely<DB>, patientId: number, id: number, values: PreferenceValues) {
  const { email, phone, ...flags } = values;
  if (email !== undefined || phone !== undefined) {
    await trx
      .updateTable('patients')
      .set({
        ...(email !== undefined ? { email } : {}),
        ...(phone !== undefined ? { phone_number: phone } : {}),
      })
      .where('id', '=', patientId)
      .execute();
  }
  if (Object.keys(flags).length > 0) {
    await trx.updateTable('patient_permissions').set(flags).where('id', '=', id).execute();
  }
}

export function createPatientPermissionsRepository(db: Database) {
  const findById = (id: number) =>
    withContact(db).where('patient_permissions.id', '=', id).executeTakeFirst();

  return {
    findById,

    /** A page by patient id (patient_permissions_patient_id_key), after patient `after`. */
    listAll(after: number | undefined, take: number) {
      let query = withContact(db);
      if (after !== undefined) query = query.where('patient_permissions.patient_id', '>', after);
      return query.orderBy('patient_permissions.patient_id').limit(take).execute();
    },

    findByPatient(patientId: number) {
      return withContact(db).where('patient_permissions.patient_id', '=', patientId).executeTakeFirst();
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
        const inserted = await trx
          .insertInto('patient_permissions')
          .values({ patient_id: patientId })
          .onConflict((oc) => oc.column('patient_id').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return undefined;
        await writeValues(trx, patientId, inserted.id, values);
        await commitAudit(trx, inserted.id);
        return withContact(trx).where('patient_permissions.id', '=', inserted.id).executeTakeFirst();
      });
    },

    update(id: number, values: PreferenceValues, commitAudit: CommitAudit) {
      return db.transaction().execute(async (trx) => {
        const owner = await trx
          .selectFrom('patient_permissions')
          .select('patient_id')
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!owner) return undefined;
        await writeValues(trx, owner.patient_id, id, values);
        await commitAudit(trx);
        return withContact(trx).where('patient_permissions.id', '=', id).executeTakeFirst();
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
