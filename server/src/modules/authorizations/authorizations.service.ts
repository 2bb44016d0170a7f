import { visitsLeftOf } from '@clinic/contract/authorization-rules';
import type { PatientAuthorization } from '@clinic/contract/authorizations';
import type { AppContext } from '../../app-context';
import { assertPatientAccess } from '../../platform/access';
import type { Actor } from '../../platform/auth/actor';
import { notFound } from '../../platform/errors';
import { type AuthorizationRow, createAuthorizationsRepository } from './authorizations.repository';

export function createAuthorizationsService(ctx: AppContext) {
  const repo = createAuthorizationsRepository(ctx.db);

  return {
    /** The patient's latest authorization; 404 when they have none (or are not the caller's to see). */
    async latest(actor: Actor, patientId: number): Promise<PatientAuthorization> {
      assertPatientAccess(actor, patientId);
      const row = await repo.latestForPatient(patientId);
      if (!row) throw notFound('No authorization found for this patient.');
      return toAuthorization(row);
    },
  };
}

export function toAuthorization(row: AuthorizationRow): PatientAuthorization {
  const used = row.visits_used ?? 0;
  const scheduled = row.visits_scheduled ?? 0;
  return {
    authId: row.id,
    patientId: row.patient_id,
    inspt_id: row.patient_insurance_id,
    referredBy: row.referred_by,
    authCode: row.auth_code,
    dayStart: row.day_start,
    dayEnd: row.day_end,
    visits: row.visits,
    weeklyVisitLimit: row.weekly_visit_limit,
    active: row.active ? 'Yes' : 'No',
    insName: row.insurance_name,
    visitsUsed: used,
    visitsScheduled: scheduled,
    visitsLeft: visitsLeftOf(row.visits, used, scheduled),
  };
}
