import { MSG } from '@clinic/contract/messages';
import type {
  PointsAdjustQuery,
  PointsBank,
  PointsBankAddBody,
  PointsBankListQuery,
  PointsFromAppointmentQuery,
} from '@clinic/contract/points';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { assertPatientAccess } from '../../platform/access';
import type { WriteAudit } from '../../platform/audit';
import type { Actor } from '../../platform/auth/actor';
import { badRequest, conflict, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/errors';
import { idLikeOf } from '../../platform/id-like';
import { type AfterKeyPage, pageAfterKey } from '../../platform/key-paging';
import { createPointsBankRepository } from './points-bank.repository';
import { changePoints, ensurePointsBank, type PointsChangeInput } from './points-ledger';

const bankNotFound = () => notFound('Points bank not found.');
const OPENING_BALANCE_NOTE = 'Opening balance';

type BankRow = { id: number; patient_id: number; total_points: number };

const toPointsBank = (row: BankRow): PointsBank => ({
  pointsBankId: row.id,
  patientId: row.patient_id,
  totalPoints: row.total_points,
});

/**
 * Points banks (spec §7 Points bank; docs/decisions/0031). Staff read every bank, a patient their own;
 * ADMIN and MANAGER open banks, set balances and award a visit's points, each change a ledger row
 * (changePoints) committed with its audit row.
 */
export function createPointsBankService(ctx: AppContext) {
  const repo = createPointsBankRepository(ctx.db);

  /**
   * A change that must apply. `duplicate` is the 409 to answer for an award given already; any other
   * refusal cannot happen here (the bank is there and the change adds points or sets a total of 0 or more).
   */
  async function applied(trx: Transaction<DB>, input: PointsChangeInput, duplicate?: string) {
    const change = await changePoints(trx, input);
    if (change.outcome === 'applied') return;
    if (change.outcome === 'duplicate' && duplicate) throw conflict(duplicate);
    throw new Error(`points change refused: ${change.outcome}`);
  }

  return {
    /** A patient's bank: staff may read anyone's, a patient only their own (404 otherwise). */
    async getByPatient(actor: Actor, patientId: number): Promise<PointsBank> {
      assertPatientAccess(actor, patientId, 'points:read:any');
      const bank = await repo.findByPatient(patientId);
      if (!bank) throw notFound();
      return toPointsBank(bank);
    },

    /** Every bank by id, one page at a time (staff only; the route says so). */
    async listAll(query: PointsBankListQuery): Promise<AfterKeyPage<PointsBank>> {
      const page = await pageAfterKey(query, repo.listPage, (row) => row.id);
      return { ...page, items: page.items.map(toPointsBank) };
    },

    /**
     * Sets bank `id`'s balance through one ledger row (an adjustment, with who and why). The same balance
     * again changes nothing.
     */
    async adjust(actor: Actor, id: number, query: PointsAdjustQuery, audit: WriteAudit): Promise<PointsBank> {
      const note = query.reason.trim();
      if (note === '') throw badRequest(MSG.pointsReasonRequired);
      return repo.transaction(async (trx) => {
        const bank = await repo.lockById(id, trx);
        if (!bank) throw bankNotFound();
        audit.namePatient(bank.patient_id);
        const delta = query.totalPoints - bank.total_points;
        if (delta === 0) {
          audit.unchanged();
          return toPointsBank(bank);
        }
        await applied(trx, {
          pointsBankId: id,
          delta,
          reason: 'adjustment',
          actorUserId: actor.userId,
          note,
        });
        await audit.commit(trx, id, bank.patient_id);
        return toPointsBank(await repo.findById(id, trx));
      });
    },

    /** Opens a bank for a patient who has none; its starting points are the ledger's opening adjustment. */
    async open(actor: Actor, body: PointsBankAddBody, audit: WriteAudit): Promise<PointsBank> {
      const patientId = idLikeOf(body.patientId, 'patientId');
      if (patientId === null) throw badRequest('patientId is required.');
      const totalPoints = body.totalPoints ?? body.points ?? body.total_points ?? 0;
      audit.namePatient(patientId);
      return repo.transaction(async (trx) => {
        if (!(await repo.patientExists(patientId, trx))) throw notFound('Patient not found.');
        const id = await repo.insertEmpty(patientId, trx);
        if (id === undefined) throw conflict('This patient already has a points bank.');
        if (totalPoints > 0) {
          await applied(trx, {
            pointsBankId: id,
            delta: totalPoints,
            reason: 'adjustment',
            actorUserId: actor.userId,
            note: OPENING_BALANCE_NOTE,
          });
        }
        await audit.commit(trx, id, patientId);
        return toPointsBank(await repo.findById(id, trx));
      });
    },

    /**
     * The points of one completed visit of the patient, once per appointment (completion usually awarded
     * them already: 409). A patient without a bank gets one, as at completion.
     */
    async awardForAppointment(
      actor: Actor,
      query: PointsFromAppointmentQuery,
      audit: WriteAudit,
    ): Promise<PointsBank> {
      audit.namePatient(query.patientId);
      try {
        return await repo.transaction(async (trx) => {
          const appointment = await repo.appointmentOf(query.patientId, query.appointmentId, trx);
          if (!appointment) throw notFound('Appointment not found.');
          if (appointment.status !== 'Completed') throw conflict('Only a completed visit earns points.');
          const id = await ensurePointsBank(trx, query.patientId);
          await applied(
            trx,
            {
              pointsBankId: id,
              delta: query.pointsToAdd,
              reason: 'appointment_completed',
              appointmentId: appointment.id,
              actorUserId: actor.userId,
            },
            MSG.pointsAlreadyAwarded,
          );
          await audit.commit(trx, id, query.patientId);
          return toPointsBank(await repo.findById(id, trx));
        });
      } catch (error) {
        // Two awards at once: the ledger's unique (appointment, reason) refuses the second.
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(MSG.pointsAlreadyAwarded);
        throw error;
      }
    },
  };
}
