import type { Receipt } from '@clinic/contract/receipts';
import type { AppContext } from '../../app-context';
import { assertPatientAccess } from '../../platform/access';
import type { Actor } from '../../platform/auth/actor';
import { notFound } from '../../platform/errors';
import { createReceiptsRepository } from './receipts.repository';

export function createReceiptsService(ctx: AppContext) {
  const repo = createReceiptsRepository(ctx.db);

  return {
    /** A bank's receipts, newest first; staff read any bank, a PATIENT only their own (404 otherwise). */
    async listByBank(
      actor: Actor,
      pointsBankId: number,
    ): Promise<{ patientId: number; receipts: Receipt[] }> {
      const bank = await repo.findBank(pointsBankId);
      if (!bank) throw notFound('Points bank not found.');
      assertPatientAccess(actor, bank.patient_id, 'points:read:any');
      const rows = await repo.listByBank(bank.id);
      return {
        patientId: bank.patient_id,
        receipts: rows.map((r) => ({
          receipt_id: r.id,
          id: r.id,
          name: r.name,
          vouched: r.vouched,
          pointsBankId: r.points_bank_id,
          inventoryId: r.inventory_item_id,
          amountTotal: r.amount_total,
          amountBefore: r.amount_before,
          amountAfter: r.amount_after,
          date: r.date,
        })),
      };
    },
  };
}
