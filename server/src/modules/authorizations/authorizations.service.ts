import { authorizationDatesRefusal, parseYesNo, visitsLeftOf } from '@clinic/contract/authorization-rules';
import {
  AUTHORIZATION_EDITABLE_COLUMNS,
  type AuthorizationBody,
  type AuthorizationEditableColumn,
  type AuthorizationWorklistItem,
  type AuthorizationWorklistQuery,
  type PatientAuthorization,
  WORKLIST_DEFAULT_DAYS,
  WORKLIST_DEFAULT_VISITS_LEFT,
} from '@clinic/contract/authorizations';
import { isIsoDate } from '@clinic/contract/patient-details';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { assertPatientAccess } from '../../platform/access';
import type { WriteAudit } from '../../platform/audit';
import type { Actor } from '../../platform/auth/actor';
import {
  badRequest,
  notFound,
  PG_CHECK_VIOLATION,
  PG_FOREIGN_KEY_VIOLATION,
  pgErrorCode,
} from '../../platform/errors';
import { addDays, localDateInZone } from '../../platform/time/zoned-time';
import { planAuthorizationNotices, settleAuthorizationNotices } from './authorization-notices';
import {
  type AuthorizationRow,
  type AuthorizationValues,
  createAuthorizationsRepository,
} from './authorizations.repository';

/**
 * The worklist's "today": the date in the latest of the network's US time zones, so an authorization stays
 * on the list until it has ended everywhere (docs/decisions/0029).
 */
const WORKLIST_TIME_ZONE = 'Pacific/Honolulu';
const WORKLIST_DEFAULT_LIMIT = 100;
const MAX_ID = 2147483647;

const NOT_FOUND = 'Authorization not found.';

export function createAuthorizationsService(ctx: AppContext, now: () => Date = () => new Date()) {
  const repo = createAuthorizationsRepository(ctx.db);
  const notices = () => ({ now: now(), fallbackTimeZone: ctx.config.practiceTimeZone });

  async function visible(actor: Actor, id: number): Promise<AuthorizationRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound(NOT_FOUND);
    assertPatientAccess(actor, row.patient_id);
    return row;
  }

  /** A rule the database holds (checks, same-patient foreign key) lost to a race reads as a 400, never a 500. */
  async function inTransaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    try {
      return await repo.transaction(work);
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === PG_CHECK_VIOLATION) throw badRequest('The authorization breaks a rule of its fields.');
      if (code === PG_FOREIGN_KEY_VIOLATION) {
        throw badRequest('The patient or insurance record of the authorization no longer exists.');
      }
      throw error;
    }
  }

  /** The insurance record must be the same patient's (the database's foreign key says so too). */
  async function checkInsuranceRecord(trx: Transaction<DB>, values: AuthorizationValues) {
    if (values.patient_insurance_id === null) return;
    const owner = await repo.insuranceRecordPatient(trx, values.patient_insurance_id);
    if (owner !== values.patient_id) {
      throw badRequest("That insurance record is not one of this patient's.");
    }
  }

  return {
    async latest(actor: Actor, patientId: number): Promise<PatientAuthorization> {
      assertPatientAccess(actor, patientId);
      const row = await repo.latestForPatient(patientId);
      if (!row) throw notFound('No authorization found for this patient.');
      return toAuthorization(row);
    },

    async listByPatient(actor: Actor, patientId: number): Promise<PatientAuthorization[]> {
      assertPatientAccess(actor, patientId);
      return (await repo.listByPatient(patientId)).map(toAuthorization);
    },

    async get(actor: Actor, id: number): Promise<PatientAuthorization> {
      return toAuthorization(await visible(actor, id));
    },

    /** GET insptId/{authId}: the linked insurance record's id. */
    async insuranceRecordId(actor: Actor, id: number): Promise<{ patientId: number; insptId: number }> {
      const row = await visible(actor, id);
      if (row.patient_insurance_id === null) throw notFound('This authorization has no insurance record.');
      return { patientId: row.patient_id, insptId: row.patient_insurance_id };
    },

    async add(audit: WriteAudit, body: AuthorizationBody): Promise<PatientAuthorization> {
      const values = authorizationValues(null, body);
      const id = await inTransaction(async (trx) => {
        if (!(await repo.patientExists(trx, values.patient_id))) throw badRequest('Patient not found.');
        audit.namePatient(values.patient_id);
        await checkInsuranceRecord(trx, values);
        const id = await repo.insert(trx, values);
        await planAuthorizationNotices(trx, id, notices());
        await audit.commit(trx, id, values.patient_id);
        return id;
      });
      return toAuthorization((await repo.findById(id))!);
    },

    /** PUT edit/{id}: the fields sent replace the stored ones; the rest keep their values. */
    async edit(audit: WriteAudit, id: number, body: AuthorizationBody): Promise<PatientAuthorization> {
      await inTransaction(async (trx) => {
        const current = await repo.lock(trx, id);
        if (!current) throw notFound(NOT_FOUND);
        audit.namePatient(current.patient_id);
        const values = authorizationValues(current, body);
        await checkInsuranceRecord(trx, values);
        await repo.update(trx, id, values);
        // An end date or count that changed plans new notices and settles the old ones.
        await planAuthorizationNotices(trx, id, { ...notices(), settle: true });
        await audit.commit(trx, id, current.patient_id);
      });
      return toAuthorization((await repo.findById(id))!);
    },

    /** PATCH edit-column/{id}: one allowed column, validated exactly as the full edit validates it. */
    async editColumn(
      audit: WriteAudit,
      id: number,
      columnName: string,
      value: string,
    ): Promise<PatientAuthorization> {
      const column = AUTHORIZATION_EDITABLE_COLUMNS.find((c) => c === columnName.trim());
      if (!column) {
        throw badRequest(
          `"${columnName}" cannot be edited this way; use one of: ${AUTHORIZATION_EDITABLE_COLUMNS.join(', ')}.`,
        );
      }
      return this.edit(audit, id, { [column]: value } satisfies Partial<
        Record<AuthorizationEditableColumn, string>
      >);
    },

    async remove(audit: WriteAudit, id: number): Promise<void> {
      await inTransaction(async (trx) => {
        const patientId = await repo.remove(trx, id);
        if (patientId === undefined) throw notFound(NOT_FOUND);
        await settleAuthorizationNotices(trx, { id, patientId }, now());
        await audit.commit(trx, id, patientId);
      });
    },

    async worklist(query: AuthorizationWorklistQuery): Promise<AuthorizationWorklistItem[]> {
      const today = localDateInZone(now(), WORKLIST_TIME_ZONE);
      const days = query.days ?? WORKLIST_DEFAULT_DAYS;
      const maxLeft = query.visitsLeft ?? WORKLIST_DEFAULT_VISITS_LEFT;
      const until = addDays(today, days);
      const rows = await repo.worklist({
        today,
        until,
        maxLeft,
        limit: query.limit ?? WORKLIST_DEFAULT_LIMIT,
      });
      return rows.map((row) => {
        const authorization = toAuthorization(row);
        return {
          ...authorization,
          patientName: `${row.first_name} ${row.last_name}`.trim(),
          daysLeft: daysBetween(today, row.day_end),
          endingSoon: row.day_end <= until,
          fewVisitsLeft: authorization.visitsLeft !== null && authorization.visitsLeft <= maxLeft,
        };
      });
    },
  };
}

/**
 * The stored values of an authorization after applying a body to `current` (null when adding): one
 * validation for add, edit and edit-column. A field left out keeps its value; ids in the body are
 * ignored, and an authorization never moves to another patient.
 */
export function authorizationValues(
  current: (AuthorizationValues & { id: number }) | null,
  body: AuthorizationBody,
): AuthorizationValues {
  let patientId = current?.patient_id ?? null;
  const bodyPatient = optionalId(body.patientId, 'patientId');
  if (current === null) {
    if (bodyPatient == null) throw badRequest('Please select a patient.');
    patientId = bodyPatient;
  } else if (bodyPatient != null && bodyPatient !== current.patient_id) {
    throw badRequest('An authorization cannot move to another patient.');
  }

  const insptField = body.inspt_id !== undefined ? body.inspt_id : body.insptId;
  const insurance = optionalId(insptField, 'inspt_id');
  const dayStart = optionalDate(body.dayStart, 'dayStart');
  const dayEnd = optionalDate(body.dayEnd, 'dayEnd');
  const visits = optionalCount(body.visits, 'visits', 0);
  const weekly = optionalCount(body.weeklyVisitLimit, 'weeklyVisitLimit', 1);

  let active = current?.active ?? true;
  if (body.active !== undefined && body.active !== null && body.active !== '') {
    const parsed = parseYesNo(body.active);
    if (parsed === null) throw badRequest('active must be Yes or No.');
    active = parsed;
  }

  const values: AuthorizationValues = {
    patient_id: patientId as number,
    patient_insurance_id: insurance === undefined ? (current?.patient_insurance_id ?? null) : insurance,
    referred_by: text(body.referredBy, current?.referred_by),
    auth_code: text(body.authCode, current?.auth_code),
    day_start: (dayStart === undefined ? current?.day_start : dayStart) ?? '',
    day_end: (dayEnd === undefined ? current?.day_end : dayEnd) ?? '',
    visits: visits === undefined ? (current?.visits ?? null) : visits,
    weekly_visit_limit: weekly === undefined ? (current?.weekly_visit_limit ?? null) : weekly,
    active,
  };
  const refusal = authorizationDatesRefusal(values.day_start || null, values.day_end || null);
  if (refusal) throw badRequest(refusal);
  return values;
}

function text(value: string | null | undefined, current: string | undefined): string {
  if (value === undefined) return current ?? '';
  return (value ?? '').trim();
}

/** undefined: not sent; null: cleared; else a positive whole number (400 otherwise). */
function optionalId(value: number | string | null | undefined, field: string): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const number = typeof value === 'number' ? value : /^\d{1,10}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < 1 || number > MAX_ID) {
    throw badRequest(`${field} must be a positive whole number.`);
  }
  return number;
}

function optionalCount(
  value: number | string | null | undefined,
  field: string,
  minimum: number,
): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const number = typeof value === 'number' ? value : /^-?\d{1,10}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number > 100000) throw badRequest(`${field} must be a whole number.`);
  if (number < minimum) {
    throw badRequest(
      minimum === 0
        ? `${field} cannot be negative.`
        : `${field} must be at least ${minimum} (leave it empty for no limit).`,
    );
  }
  return number;
}

/** 'yyyy-mm-dd', or an ISO date-time read by its date part; '' or null clears it (then refused as missing). */
function optionalDate(value: string | null | undefined, field: string): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return null;
  const date = /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(trimmed) ? trimmed.slice(0, 10) : trimmed;
  if (!isIsoDate(date)) throw badRequest(`${field} is not a valid date (yyyy-mm-dd).`);
  return date;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
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
