import { ageOn, type Patient } from '@clinic/contract/patients';
import type { AppContext } from '../../app-context';
import { assertPatientAccess } from '../../platform/access';
import type { Actor } from '../../platform/auth/actor';
import { notFound } from '../../platform/errors';
import { createPatientsRepository, type PatientRow } from './patients.repository';

export function createPatientsService(ctx: AppContext) {
  const repo = createPatientsRepository(ctx.db);

  return {
    async getById(actor: Actor, id: number): Promise<Patient> {
      assertPatientAccess(actor, id);
      const row = await repo.findById(id);
      if (!row) throw notFound();
      return toPatient(row);
    },

    async getByUsername(actor: Actor, username: string): Promise<Patient> {
      const row = await repo.findByUsername(username.trim());
      // Same answer for "no such patient" and "not yours".
      if (!row) throw notFound();
      assertPatientAccess(actor, row.id);
      return toPatient(row);
    },
  };
}

export function toPatient(row: PatientRow): Patient {
  return {
    patientId: row.id,
    username: row.username ?? null,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth ?? '',
    age: row.date_of_birth ? ageOn(row.date_of_birth, new Date().toISOString().slice(0, 10)) : 0,
    phoneNumber: row.phone_number,
    sex: row.sex ?? '',
    notes: row.notes ?? null,
    visits: row.visits ?? 0,
    nfWc: row.nf_wc ?? null,
    totalPoints: row.total_points ?? 0,
  };
}
