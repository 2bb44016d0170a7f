import { MSG } from '@clinic/contract/messages';
import { isIsoDate } from '@clinic/contract/patient-details';
import type { PurchaseBody, Receipt, ReceiptListQuery, ReceiptUpdateBody } from '@clinic/contract/receipts';
import type { AppContext } from '../../app-context';
import { canReachPatient } from '../../platform/access';
import type { PatientNamer, WriteAudit } from '../../platform/audit';
import type { Actor } from '../../platform/auth/actor';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { idLikeOf } from '../../platform/id-like';
import { type KeyPage, pageByKey } from '../../platform/key-paging';
import { practiceToday } from '../../platform/time/practice-date';
import { createAppointmentsRepository } from '../appointments/appointments.repository';
import { createInventoryRepository } from '../inventory/inventory.repository';
import { isOnSale, rewardNotFound } from '../inventory/inventory.service';
import { changePoints } from './points-ledger';
import {
  createReceiptsRepository,
  type ReceiptFilter,
  type ReceiptRow,
  type ReceiptsDb,
} from './receipts.repository';

const bankNotFound = () => notFound('Points bank not found.');
const receiptNotFound = () => notFound('Receipt not found.');
/** The ledger's note on a refund: the receipt's link is cleared when it is deleted, the note stays. */
const refundNote = (receipt: ReceiptRow) => `Refund of receipt #${receipt.id}: ${receipt.name}`.slice(0, 500);

function requiredId(value: number | string, field: string): number {
  const id = idLikeOf(value, field);
  if (id === null) throw badRequest(`${field} is required.`);
  return id;
}

/**
 * Receipts: reward purchases and vouchers (spec §7 Receipts; docs/decisions/0031). A patient buys with
 * their own bank; ADMIN and MANAGER hand rewards over, correct names and refund what was not received.
 * Every write is one transaction with its ledger row and its audit row.
 */
export function createReceiptsService(ctx: AppContext) {
  const repo = createReceiptsRepository(ctx.db);
  const inventory = createInventoryRepository(ctx.db);
  const appointments = createAppointmentsRepository(ctx.db);

  async function receiptOf(id: number, trx: ReceiptsDb): Promise<Receipt> {
    const row = await repo.findById(id, trx);
    if (!row) throw receiptNotFound();
    return toReceipt(row);
  }

  async function page(filter: ReceiptFilter, query: ReceiptListQuery): Promise<KeyPage<Receipt>> {
    const found = await pageByKey(
      query,
      (before, take) => repo.listPage(filter, before, take),
      (row) => row.id,
    );
    return { ...found, items: found.items.map(toReceipt) };
  }

  return {
    /** A bank's receipts, newest first; staff read any bank, a PATIENT only their own (404 otherwise). */
    async listByBank(
      actor: Actor,
      pointsBankId: number,
      query: ReceiptListQuery,
    ): Promise<{ patientId: number; receipts: KeyPage<Receipt> }> {
      const bank = await repo.findBank(pointsBankId);
      // Another patient's bank answers exactly like a missing one.
      if (!bank || !canReachPatient(actor, bank.patient_id, 'points:read:any')) throw bankNotFound();
      return { patientId: bank.patient_id, receipts: await page({ pointsBankId: bank.id }, query) };
    },

    /** Every receipt, newest first (staff; the route says so). */
    listAll(query: ReceiptListQuery): Promise<KeyPage<Receipt>> {
      return page({}, query);
    },

    /** The receipts of one item, newest first; 404 for an item that does not exist. */
    async listByInventory(inventoryId: number, query: ReceiptListQuery): Promise<KeyPage<Receipt>> {
      if (!(await repo.inventoryItemExists(inventoryId))) throw rewardNotFound();
      return page({ inventoryId }, query);
    },

    /** The receipts of one day, newest first. */
    listByDate(date: string, query: ReceiptListQuery): Promise<KeyPage<Receipt>> {
      if (!isIsoDate(date)) throw badRequest('The date is not a valid date (yyyy-mm-dd).');
      return page({ date }, query);
    },

    /** One receipt: staff read any, a PATIENT only their own (404 otherwise, like a missing one). */
    async getById(actor: Actor, id: number, namePatient: PatientNamer): Promise<Receipt> {
      const row = await repo.findById(id);
      if (!row) throw receiptNotFound();
      namePatient(row.patient_id);
      if (!canReachPatient(actor, row.patient_id, 'points:read:any')) throw receiptNotFound();
      return toReceipt(row);
    },

    /**
     * The purchase: the item's current price leaves the caller's own bank through the ledger, and the
     * receipt records it, dated the practice's today. The bank row is locked first, so one patient's
     * purchases queue and spend exactly what the balance allows. A free reward (price 0) writes a receipt
     * and no ledger row.
     */
    async purchase(actor: Actor, body: PurchaseBody, audit: WriteAudit): Promise<Receipt> {
      const inventoryId = requiredId(body.inventoryId, 'inventoryId');
      const pointsBankId = requiredId(body.pointsBankId, 'pointsBankId');
      const today = practiceToday(ctx.config.practiceTimeZone);
      return repo.transaction(async (trx) => {
        const bank = await repo.lockBank(pointsBankId, trx);
        if (!bank || actor.role !== 'PATIENT' || bank.patient_id !== actor.patientId) throw bankNotFound();
        audit.namePatient(bank.patient_id);
        const item = await inventory.findById(inventoryId, trx);
        if (!item) throw rewardNotFound();
        if (!isOnSale(item, today)) throw conflict(MSG.rewardNotOnSale);

        let amounts = { before: bank.total_points, after: bank.total_points };
        let ledgerId: number | null = null;
        if (item.price > 0) {
          const change = await changePoints(trx, {
            pointsBankId: bank.id,
            delta: -item.price,
            reason: 'purchase',
            actorUserId: actor.userId,
          });
          if (change.outcome !== 'applied') throw conflict(MSG.notEnoughPoints);
          amounts = { before: change.balanceBefore, after: change.balanceAfter };
          ledgerId = change.ledgerId;
        }
        const id = await repo.insert(
          {
            pointsBankId: bank.id,
            inventoryId: item.id,
            name: item.title,
            amountTotal: item.price,
            amountBefore: amounts.before,
            amountAfter: amounts.after,
            date: today,
          },
          trx,
        );
        if (ledgerId !== null) await repo.linkLedgerRow(ledgerId, id, trx);
        await audit.commit(trx, id, bank.patient_id);
        return receiptOf(id, trx);
      });
    },

    /** Hands a reward over (vouched) or corrects its name; the amounts never change here. */
    async update(id: number, body: ReceiptUpdateBody, audit: WriteAudit): Promise<Receipt> {
      return repo.transaction(async (trx) => {
        const row = await repo.lockById(id, trx);
        if (!row) throw receiptNotFound();
        audit.namePatient(row.patient_id);
        const changes = {
          ...(body.vouched !== undefined ? { vouched: body.vouched } : {}),
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        };
        if (Object.keys(changes).length > 0) await repo.update(id, changes, trx);
        await audit.commit(trx, id, row.patient_id);
        return receiptOf(id, trx);
      });
    },

    /**
     * The refund: only for a reward not received (not vouched, not booked for a live visit). The points go
     * back through the ledger, once per receipt, and the receipt is deleted, in one transaction.
     */
    async refund(actor: Actor, id: number, audit: WriteAudit): Promise<void> {
      await repo.transaction(async (trx) => {
        const receipt = await repo.lockById(id, trx);
        if (!receipt) throw receiptNotFound();
        audit.namePatient(receipt.patient_id);
        if (receipt.vouched || (await appointments.voucherInLiveUse(trx, id, null))) {
          throw conflict(MSG.receiptReceivedNoRefund);
        }
        if (receipt.amount_total > 0) {
          const change = await changePoints(trx, {
            pointsBankId: receipt.points_bank_id,
            delta: receipt.amount_total,
            reason: 'refund',
            receiptId: id,
            actorUserId: actor.userId,
            note: refundNote(receipt),
          });
          if (change.outcome === 'duplicate') throw conflict(MSG.receiptAlreadyRefunded);
          if (change.outcome !== 'applied') throw new Error(`refund of receipt ${id}: ${change.outcome}`);
        }
        await repo.remove(id, trx);
        await audit.commit(trx, id, receipt.patient_id);
      });
    },
  };
}

export function toReceipt(row: ReceiptRow): Receipt {
  return {
    receipt_id: row.id,
    id: row.id,
    name: row.name,
    vouched: row.vouched,
    pointsBankId: row.points_bank_id,
    inventoryId: row.inventory_item_id,
    amountTotal: row.amount_total,
    amountBefore: row.amount_before,
    amountAfter: row.amount_after,
    date: row.date,
  };
}
