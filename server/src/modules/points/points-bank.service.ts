import type { PointsBank } from '@clinic/contract/points';
import type { AppContext } from '../../app-context';
import { assertPatientAccess } from '../../platform/access';
import type { Actor } from '../../platform/auth/actor';
import { notFound } from '../../platform/errors';
import { createPointsBankRepository } from './points-bank.repository';

export function createPointsBankService(ctx: AppContext) {
  const repo = createPointsBankRepository(ctx.db);

  return {
    /** A patient's bank: staff may read anyone's, a patient only their own (404 otherwise). */
    async getByPatient(actor: Actor, patientId: number): Promise<PointsBank> {
      assertPatientAccess(actor, patientId, 'points:read:any');
      const bank = await repo.findByPatient(patientId);
      if (!bank) throw notFound();
      return { pointsBankId: bank.id, patientId: bank.patient_id, totalPoints: bank.total_points };
    },
  };
}
