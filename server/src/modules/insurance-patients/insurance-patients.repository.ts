import { PATIENT_INSURANCE_RECORDS_MAX } from '@clinic/contract/insurance-patients';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

export type InsurancePatientsDb = Kysely<DB>;

export interface InsurancePatientValues {
  patientId: number;
  insuranceId: number;
  subscriber: string;
  active: string[];
  coPay: number | null;
  notes: string;
}

export function createInsurancePatientsRepository(db: Database) {
  const base = (trx: InsurancePatientsDb = db) =>
    trx
      .selectFrom('patient_insurances as pi')
      .innerJoin('insurances as i', 'i.id', 'pi.insurance_id')
      .select([
        'pi.id',
        'pi.patient_id',
        'pi.insurance_id',
        'i.name as insurance_name',
        'pi.subscriber',
        'pi.active',
        'pi.co_pay',
        'pi.notes',
      ]);

  const findById = (id: number, trx: InsurancePatientsDb = db) =>
    base(trx).where('pi.id', '=', id).executeTakeFirst();

  return {
    transaction<T>(work: (trx: InsurancePatientsDb) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    listByPatient(patientId: number) {
      return base()
        .where('pi.patient_id', '=', patientId)
        .orderBy('pi.id')
        .limit(PATIENT_INSURANCE_RECORDS_MAX)
        .execute();
    },

    /** Every record, newest first, below the `before` key. */
    listPage(before: number | undefined, take: number) {
      let query = base().orderBy('pi.id', 'desc').limit(take);
      if (before !== undefined) query = query.where('pi.id', '<', before);
      return query.execute();
    },

    findById,

    /** The record's owner and active values, locked until the transaction ends (concurrent edits queue). */
    lockById(id: number, trx: InsurancePatientsDb) {
      return trx
        .selectFrom('patient_insurances')
        .select(['id', 'patient_id', 'insurance_id', 'subscriber', 'active', 'co_pay', 'notes'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async patientExists(patientId: number, trx: InsurancePatientsDb) {
      return (
        (await trx.selectFrom('patients').select('id').where('id', '=', patientId).executeTakeFirst()) !==
        undefined
      );
    },

    async insuranceExists(insuranceId: number, trx: InsurancePatientsDb) {
      return (
        (await trx.selectFrom('insurances').select('id').where('id', '=', insuranceId).executeTakeFirst()) !==
        undefined
      );
    },

    async insert(values: InsurancePatientValues, trx: InsurancePatientsDb) {
      const row = await trx
        .insertInto('patient_insurances')
        .values({
          patient_id: values.patientId,
          insurance_id: values.insuranceId,
          subscriber: values.subscriber,
          active: values.active,
          co_pay: values.coPay,
          notes: values.notes,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Every field but the patient, who never changes. */
    async update(id: number, values: Omit<InsurancePatientValues, 'patientId'>, trx: InsurancePatientsDb) {
      await trx
        .updateTable('patient_insurances')
        .set({
          insurance_id: values.insuranceId,
          subscriber: values.subscriber,
          active: values.active,
          co_pay: values.coPay,
          notes: values.notes,
        })
        .where('id', '=', id)
        .execute();
    },

    async updateActive(id: number, active: string[], trx: InsurancePatientsDb) {
      await trx.updateTable('patient_insurances').set({ active }).where('id', '=', id).execute();
    },

    /** The deleted record's patient, or undefined when there was none. */
    async remove(id: number, trx: InsurancePatientsDb) {
      const row = await trx
        .deleteFrom('patient_insurances')
        .where('id', '=', id)
        .returning('patient_id')
        .executeTakeFirst();
      return row?.patient_id;
    },
  };
}

export type InsurancePatientRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createInsurancePatientsRepository>['findById']>>
>;
