import type { Database } from '../../db/database';

export function createInsurancePatientsRepository(db: Database) {
  const base = () =>
    db
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

  return {
    listByPatient(patientId: number) {
      return base().where('pi.patient_id', '=', patientId).orderBy('pi.id').execute();
    },
    findById(id: number) {
      return base().where('pi.id', '=', id).executeTakeFirst();
    },
  };
}

export type InsurancePatientRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createInsurancePatientsRepository>['findById']>>
>;
