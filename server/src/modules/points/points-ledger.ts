import type { Transaction } from 'kysely';
import type { DB, PointsLedgerReason } from '../../db/schema';

/**
 * The only way a points balance changes (docs/architecture.md, Points): the bank row is locked, the change is
 * applied with its ledger row (reason, link, before, after) in the caller's transaction, and the balance can
 * never go below zero. Awards tied to an appointment or a rating, and a receipt's refund, happen once: a
 * second one for the same link and reason is reported as 'duplicate' and changes nothing (the partial unique
 * indexes back this up). A rating's point is linked to its appointment, not to the rating row, so an
 * anonymous rating stays unlinked (0031).
 */
export type PointsChange =
  | { outcome: 'applied'; balanceBefore: number; balanceAfter: number; ledgerId: number }
  | { outcome: 'duplicate' | 'insufficient' | 'no_bank'; balance: number };

export interface PointsChangeInput {
  pointsBankId: number;
  delta: number;
  reason: PointsLedgerReason;
  appointmentId?: number | null;
  ratingId?: number | null;
  receiptId?: number | null;
  actorUserId?: number | null;
  /** Why, in words: required for an adjustment (a database check), kept for a refund's receipt. */
  note?: string | null;
  /** A reversal's entry it takes back (its delta is the opposite of that entry's). */
  reversesLedgerId?: number | null;
}

export async function changePoints(trx: Transaction<DB>, input: PointsChangeInput): Promise<PointsChange> {
  if (!Number.isInteger(input.delta) || input.delta === 0)
    throw new Error('points delta must be a non-zero integer');
  const bank = await trx
    .selectFrom('points_banks')
    .select(['id', 'total_points'])
    .where('id', '=', input.pointsBankId)
    .forUpdate()
    .executeTakeFirst();
  if (!bank) return { outcome: 'no_bank', balance: 0 };

  const onceKey =
    input.reason === 'welcome'
      ? { column: 'points_bank_id' as const, value: bank.id }
      : input.appointmentId != null &&
          (input.reason === 'appointment_completed' || input.reason === 'rating_submitted')
        ? { column: 'appointment_id' as const, value: input.appointmentId }
        : input.ratingId != null && input.reason === 'rating_submitted'
          ? { column: 'rating_id' as const, value: input.ratingId }
          : input.receiptId != null && input.reason === 'refund'
            ? { column: 'receipt_id' as const, value: input.receiptId }
            : null;
  if (onceKey) {
    const earlier = await trx
      .selectFrom('points_ledger')
      .select('id')
      .where(onceKey.column, '=', onceKey.value)
      .where('reason', '=', input.reason)
      .executeTakeFirst();
    if (earlier) return { outcome: 'duplicate', balance: bank.total_points };
  }

  const balanceAfter = bank.total_points + input.delta;
  if (balanceAfter < 0) return { outcome: 'insufficient', balance: bank.total_points };

  await trx
    .updateTable('points_banks')
    .set({ total_points: balanceAfter })
    .where('id', '=', bank.id)
    .execute();
  const ledger = await trx
    .insertInto('points_ledger')
    .values({
      points_bank_id: bank.id,
      delta: input.delta,
      reason: input.reason,
      balance_before: bank.total_points,
      balance_after: balanceAfter,
      appointment_id: input.appointmentId ?? null,
      rating_id: input.ratingId ?? null,
      receipt_id: input.receiptId ?? null,
      actor_user_id: input.actorUserId ?? null,
      note: input.note ?? null,
      reverses_ledger_id: input.reversesLedgerId ?? null,
      reversed_delta: input.reversesLedgerId == null ? null : -input.delta,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { outcome: 'applied', balanceBefore: bank.total_points, balanceAfter, ledgerId: ledger.id };
}

/** The patient's bank, created with the spec's initial 0 points when missing. */
export async function ensurePointsBank(trx: Transaction<DB>, patientId: number): Promise<number> {
  await trx
    .insertInto('points_banks')
    .values({ patient_id: patientId, total_points: 0 })
    .onConflict((oc) => oc.column('patient_id').doNothing())
    .execute();
  const bank = await trx
    .selectFrom('points_banks')
    .select('id')
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  return bank.id;
}

type AwardReason = 'appointment_completed' | 'rating_submitted';

/**
 * The latest entry of an appointment's award and the reversals that followed it (migration 0027): the
 * award itself, or the last reversal in its chain; null when there was no award. The award stands when
 * that entry adds points.
 */
async function latestOfAward(trx: Transaction<DB>, appointmentId: number, reason: AwardReason) {
  const columns = ['id', 'delta', 'points_bank_id'] as const;
  let entry = await trx
    .selectFrom('points_ledger')
    .select(columns)
    .where('appointment_id', '=', appointmentId)
    .where('reason', '=', reason)
    .executeTakeFirst();
  while (entry) {
    const next = await trx
      .selectFrom('points_ledger')
      .select(columns)
      .where('reverses_ledger_id', '=', entry.id)
      .executeTakeFirst();
    if (!next) return entry;
    entry = next;
  }
  return null;
}

/**
 * Turns an appointment's award around with a new entry that reverses the chain's latest one, never an edit:
 * `standing` false takes a standing award back (an undone completion), true gives a taken-back award again
 * (the visit completed once more). 'duplicate' when the award is already as asked or there is none;
 * 'insufficient' when taking it back would go below zero (the points were spent).
 */
export async function turnAward(
  trx: Transaction<DB>,
  award: { appointmentId: number; reason: AwardReason; standing: boolean; actorUserId: number | null },
): Promise<PointsChange> {
  const latest = await latestOfAward(trx, award.appointmentId, award.reason);
  if (!latest || latest.delta > 0 === award.standing) return { outcome: 'duplicate', balance: 0 };
  return changePoints(trx, {
    pointsBankId: latest.points_bank_id,
    delta: -latest.delta,
    reason: 'reversal',
    appointmentId: award.appointmentId,
    reversesLedgerId: latest.id,
    actorUserId: award.actorUserId,
  });
}
