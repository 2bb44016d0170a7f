import type {
  ActiveValueAddBody,
  ActiveValueEditBody,
  InsurancePatientBody,
  InsurancePatientListQuery,
  InsurancePatientRecord,
} from '@clinic/contract/insurance-patients';
import { MSG } from '@clinic/contract/messages';
import type { AppContext } from '../../app-context';
import { assertPatientAccess, canReachPatient } from '../../platform/access';
import type { PatientNamer, WriteAudit } from '../../platform/audit';
import type { Actor } from '../../platform/auth/actor';
import {
  badRequest,
  notFound,
  PG_FOREIGN_KEY_VIOLATION,
  pgConstraint,
  pgErrorCode,
} from '../../platform/errors';
import { idLikeOf } from '../../platform/id-like';
import { type KeyPage, pageByKey } from '../../platform/key-paging';
import { activeListOf, withActiveValue, withActiveValueRenamed } from './active-values';
import {
  createInsurancePatientsRepository,
  type InsurancePatientRow,
  type InsurancePatientsDb,
  type InsurancePatientValues,
} from './insurance-patients.repository';

const missing = () => notFound('Insurance record not found.');
const patientNotFound = () => badRequest('Patient not found.');
const insuranceNotFound = () => badRequest('Insurance not found.');
const MAX_CO_PAY = 100000;

/** coPay as a form sends it: a number or a numeric string of 0 or more; '' or null is none. */
function coPayOf(value: number | string | null): number | null {
  if (value === null) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '') return null;
  const amount = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(amount) || amount > MAX_CO_PAY) {
    throw badRequest(`coPay must be a number from 0 to ${MAX_CO_PAY}.`);
  }
  return amount;
}

const text = (value: string | null) => (value ?? '').trim();

/** insId, also read as insid (§3 Insurance): the one given; undefined when the body names neither. */
function insuranceIdInput(body: InsurancePatientBody) {
  if (body.insId === undefined) return body.insid;
  return body.insId === null ? (body.insid ?? null) : body.insId;
}

/** The fields a body sets; a field it leaves out is undefined (update keeps its value). */
function fieldsOf(body: InsurancePatientBody) {
  const insuranceInput = insuranceIdInput(body);
  return {
    patientId: body.patientId === undefined ? undefined : idLikeOf(body.patientId, 'patientId'),
    insuranceId: insuranceInput === undefined ? undefined : idLikeOf(insuranceInput, 'insId'),
    subscriber: body.subscriber === undefined ? undefined : text(body.subscriber),
    active: body.active === undefined ? undefined : activeListOf(body.active),
    coPay: body.coPay === undefined ? undefined : coPayOf(body.coPay),
    notes: body.notes === undefined ? undefined : text(body.notes),
  };
}

export function createInsurancePatientsService(ctx: AppContext) {
  const repo = createInsurancePatientsRepository(ctx.db);

  async function recordOf(id: number, trx?: InsurancePatientsDb): Promise<InsurancePatientRecord> {
    const row = await repo.findById(id, trx);
    if (!row) throw missing();
    return toRecord(row);
  }

  /** The record, locked for the rest of the transaction, with its patient named for the audit. */
  async function locked(id: number, audit: WriteAudit, trx: InsurancePatientsDb) {
    const row = await repo.lockById(id, trx);
    if (!row) throw missing();
    audit.namePatient(row.patient_id);
    return row;
  }

  async function checkInsurance(insuranceId: number, trx: InsurancePatientsDb) {
    if (!(await repo.insuranceExists(insuranceId, trx))) throw insuranceNotFound();
  }

  /** A patient or insurance deleted between the check and the write is the same 400 as a missing one. */
  async function writing<T>(work: (trx: InsurancePatientsDb) => Promise<T>): Promise<T> {
    try {
      return await repo.transaction(work);
    } catch (error) {
      if (pgErrorCode(error) !== PG_FOREIGN_KEY_VIOLATION) throw error;
      throw pgConstraint(error)?.includes('insurance_id') ? insuranceNotFound() : patientNotFound();
    }
  }

  /** Changes the active values of one record, the row locked so concurrent changes each see the last. */
  function changeActive(
    id: number,
    audit: WriteAudit,
    change: (active: readonly string[]) => string[],
  ): Promise<string[]> {
    return repo.transaction(async (trx) => {
      const row = await locked(id, audit, trx);
      const active = change(row.active);
      await repo.updateActive(id, active, trx);
      await audit.commit(trx, id, row.patient_id);
      return active;
    });
  }

  return {
    /** A patient's insurance records: staff read anyone's, a PATIENT only their own (404 otherwise). */
    async listByPatient(actor: Actor, patientId: number): Promise<InsurancePatientRecord[]> {
      assertPatientAccess(actor, patientId);
      return (await repo.listByPatient(patientId)).map(toRecord);
    },

    /** Every record, newest first, one page at a time (staff only; the route says so). */
    async listAll(query: InsurancePatientListQuery): Promise<KeyPage<InsurancePatientRecord>> {
      const page = await pageByKey(query, repo.listPage, (row) => row.id);
      return { ...page, items: page.items.map(toRecord) };
    },

    /** One record, checked against its patient (named for the audit first, so a refusal names them too). */
    async getById(actor: Actor, id: number, namePatient: PatientNamer): Promise<InsurancePatientRecord> {
      const record = await recordOf(id);
      namePatient(record.patientId);
      if (!canReachPatient(actor, record.patientId)) throw missing();
      return record;
    },

    /** The active values of one record, checked against the record's patient. */
    async activeValues(actor: Actor, id: number, namePatient: PatientNamer): Promise<string[]> {
      const row = await repo.findById(id);
      if (!row) throw missing();
      namePatient(row.patient_id);
      if (!canReachPatient(actor, row.patient_id)) throw missing();
      return row.active;
    },

    /** A new record: a patient and an insurance are required (§5), both must exist. */
    async save(body: InsurancePatientBody, audit: WriteAudit): Promise<InsurancePatientRecord> {
      const fields = fieldsOf(body);
      const { patientId, insuranceId } = fields;
      if (!patientId || !insuranceId) throw badRequest(MSG.patientAndInsuranceRequired);
      audit.namePatient(patientId);
      const values: InsurancePatientValues = {
        patientId,
        insuranceId,
        subscriber: fields.subscriber ?? '',
        active: fields.active ?? [],
        coPay: fields.coPay ?? null,
        notes: fields.notes ?? '',
      };
      return writing(async (trx) => {
        if (!(await repo.patientExists(patientId, trx))) throw patientNotFound();
        await checkInsurance(insuranceId, trx);
        const id = await repo.insert(values, trx);
        await audit.commit(trx, id, patientId);
        return recordOf(id, trx);
      });
    },

    /** Changes the fields the body names; the record stays with its patient. */
    async update(id: number, body: InsurancePatientBody, audit: WriteAudit): Promise<InsurancePatientRecord> {
      const fields = fieldsOf(body);
      if (fields.patientId === null || fields.insuranceId === null) {
        throw badRequest(MSG.patientAndInsuranceRequired);
      }
      return writing(async (trx) => {
        const row = await locked(id, audit, trx);
        if (fields.patientId !== undefined && fields.patientId !== row.patient_id) {
          throw badRequest('An insurance record cannot move to another patient.');
        }
        const insuranceId = fields.insuranceId ?? row.insurance_id;
        if (insuranceId !== row.insurance_id) await checkInsurance(insuranceId, trx);
        await repo.update(
          id,
          {
            insuranceId,
            subscriber: fields.subscriber ?? row.subscriber,
            active: fields.active ?? row.active,
            coPay: fields.coPay === undefined ? row.co_pay : fields.coPay,
            notes: fields.notes ?? row.notes,
          },
          trx,
        );
        await audit.commit(trx, id, row.patient_id);
        return recordOf(id, trx);
      });
    },

    /** Deletes a record; the patient's authorizations that named it keep their history, unlinked. */
    async remove(id: number, audit: WriteAudit): Promise<void> {
      await repo.transaction(async (trx) => {
        const patientId = await repo.remove(id, trx);
        if (patientId === undefined) throw missing();
        await audit.commit(trx, id, patientId);
      });
    },

    /** One active value more; 409 when the record has it already. */
    addActiveValue(id: number, body: ActiveValueAddBody, audit: WriteAudit): Promise<string[]> {
      return changeActive(id, audit, (active) => withActiveValue(active, body.value));
    },

    /** One active value renamed in its place; 404 when the old one is not there, 409 when the new one is. */
    editActiveValue(id: number, body: ActiveValueEditBody, audit: WriteAudit): Promise<string[]> {
      return changeActive(id, audit, (active) =>
        withActiveValueRenamed(active, body.oldValue, body.newValue),
      );
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
