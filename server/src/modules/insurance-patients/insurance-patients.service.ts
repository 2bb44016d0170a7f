import type { InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import type { AppContext } from '../../app-context';
import { assertPatientAccess } from '../../platform/access';
import type { Actor } from '../../platform/auth/actor';
import { notFound } from '../../platform/errors';
import { createInsurancePatientsRepository, type InsurancePatientRow } from './insurance-patients.repository';

export function createInsurancePatientsService(ctx: AppContext) {
  const repo = createInsurancePatientsRepository(ctx.db);

  return {
    /** A patient's insurance records: staff read anyone's, a PATIENT only their own (404 otherwise). */
    async listByPatient(actor: Actor, patientId: number): Promise<InsurancePatientRecord[]> {
      assertPatientAccess(actor, patientId);
      return (await repo.listByPatient(patientId)).map(toRecord);
    },

    /** The active values of one record, checked against the record's patient. */
    async activeValues(actor: Actor, id: number): Promise<{ patientId: number; values: string[] }> {
      const row = await repo.findById(id);
      if (!row) throw notFound('Insurance record not found.');
      assertPatientAccess(actor, row.patient_id);
      return { patientId: row.patient_id, values: row.active };
    },
  };
}

export function toRecord(row: InsurancePatientRow): InsurancePatientRecord {
  return {
    insptId: row.id,
    patientId: row.patient_id,
    insId: row.insurance_id,
    insName: row.insurance_name,
    subscriber: row.subscriber,
    active: row.active.join(','),
    coPay: row.co_pay,
    notes: row.notes,
  };
}
