import { isValidEmail, isValidPhone } from '@clinic/contract/patient-details';
import {
  type PatientPermissions,
  type PatientPermissionsBody,
  type PermissionsListQuery,
  PREFERENCE_FLAGS,
  type PreferenceColumn,
  type PreferenceFlag,
} from '@clinic/contract/patient-permissions';
import type { AppContext } from '../../app-context';
import { assertPatientAccess } from '../../platform/access';
import type { WriteAudit } from '../../platform/audit';
import type { Actor } from '../../platform/auth/actor';
import { badRequest, conflict, duplicateContactError, notFound } from '../../platform/errors';
import { type AfterKeyPage, pageAfterKey } from '../../platform/key-paging';
import {
  createPatientPermissionsRepository,
  type PatientPermissionsRow,
  type PreferenceValues,
} from './patient-permissions.repository';

type FlagColumn = Exclude<keyof PreferenceValues, 'email' | 'phone'>;

const FLAG_COLUMNS: Record<PreferenceFlag, FlagColumn> = {
  allowPromotionText: 'allow_promotion_text',
  allowPromotionEmail: 'allow_promotion_email',
  allowAppointmentReminderText: 'allow_appointment_reminder_text',
  allowAppointmentReminderEmail: 'allow_appointment_reminder_email',
  allowAuthorizationReminderText: 'allow_authorization_reminder_text',
  allowAuthorizationReminderEmail: 'allow_authorization_reminder_email',
};

/**
 * update-column's whitelist: the wire names (allowPromotionText, email, ...) and their SQL names
 * (allow_promotion_text) map to a fixed column. The caller's text is only ever a key into this table.
 */
const UPDATABLE_COLUMNS: ReadonlyMap<string, { wire: PreferenceColumn; column: keyof PreferenceValues }> =
  new Map(
    [
      ...PREFERENCE_FLAGS.map((wire) => ({ wire, column: FLAG_COLUMNS[wire] })),
      { wire: 'email' as const, column: 'email' as const },
      { wire: 'phone' as const, column: 'phone' as const },
    ].flatMap((entry) => [
      [entry.wire.toLowerCase(), entry],
      [entry.column, entry],
    ]),
  );

const TRUE_TEXT = new Set(['true', '1', 'yes']);
const FALSE_TEXT = new Set(['false', '0', 'no']);

/** The patient's e-mail (the preferences' contact is the profile's): required, as on the profile. */
function contactEmail(value: string): string {
  const email = value.trim();
  if (!isValidEmail(email)) throw badRequest('Enter a valid email address.', { field: 'email' });
  return email;
}

function contactPhone(value: string): string {
  const phone = value.trim();
  if (phone && !isValidPhone(phone)) throw badRequest('Enter a valid phone number.', { field: 'phone' });
  return phone;
}

/** The body's fields as column values; ids and owners in the body are never used. */
function valuesFromBody(body: PatientPermissionsBody): PreferenceValues {
  const values: PreferenceValues = {};
  if (body.email != null) values.email = contactEmail(body.email);
  if (body.phone != null) values.phone = contactPhone(body.phone);
  for (const flag of PREFERENCE_FLAGS) {
    const value = body[flag];
    if (value !== undefined) values[FLAG_COLUMNS[flag]] = value;
  }
  return values;
}

/** Writes a change; an e-mail another patient already has is the profile's duplicate (409). */
async function withContactErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw duplicateContactError(error) ?? error;
  }
}

export function createPatientPermissionsService(ctx: AppContext) {
  const repo = createPatientPermissionsRepository(ctx.db);

  /** The record, if the caller may see it; 404 otherwise (same as missing). */
  async function visible(actor: Actor, id: number) {
    const row = await repo.findById(id);
    if (!row) throw notFound();
    assertPatientAccess(actor, row.patient_id);
    return row;
  }

  /** Preferences are the patient's own to change (spec §6); anyone else's answers 404. */
  /** The owner of a record the caller may change (named in the call's audit row, refused or not). */
  async function ownRow(actor: Actor, id: number, audit: WriteAudit): Promise<number> {
    const row = await repo.findById(id);
    if (row) audit.namePatient(row.patient_id);
    if (!row || actor.role !== 'PATIENT' || actor.patientId !== row.patient_id) throw notFound();
    return row.patient_id;
  }

  return {
    /** Whose preferences a record holds (for the audit row), or null when there is no such record. */
    async ownerOf(id: number): Promise<number | null> {
      return (await repo.findById(id))?.patient_id ?? null;
    },

    /** One page of every patient's preferences, by patient id. */
    async listAll(query: PermissionsListQuery): Promise<AfterKeyPage<PatientPermissions>> {
      const page = await pageAfterKey(
        query,
        (after, take) => repo.listAll(after, take),
        (row) => row.patient_id,
      );
      return { ...page, items: page.items.map(toWire) };
    },

    async getById(actor: Actor, id: number): Promise<PatientPermissions> {
      return toWire(await visible(actor, id));
    },

    async getByPatient(actor: Actor, patientId: number): Promise<PatientPermissions> {
      assertPatientAccess(actor, patientId);
      const row = await repo.findByPatient(patientId);
      if (!row) throw notFound('This patient has no communication preferences yet.');
      return toWire(row);
    },

    /**
     * The signed-in patient's preferences. Their e-mail and phone are the profile's (one source of truth);
     * an e-mail or phone in the body changes the profile's.
     */
    async create(actor: Actor, body: PatientPermissionsBody, audit: WriteAudit): Promise<PatientPermissions> {
      const patientId = actor.role === 'PATIENT' ? actor.patientId : null;
      if (patientId === null) throw notFound();
      audit.namePatient(patientId);
      if (body.patientId != null && body.patientId !== patientId) throw notFound();
      const values = valuesFromBody(body);
      const row = await withContactErrors(() =>
        repo.insert(patientId, values, (trx, id) => audit.commit(trx, id, patientId)),
      );
      if (!row) throw conflict('This patient already has communication preferences; change them instead.');
      return toWire(row);
    },

    async update(
      actor: Actor,
      id: number,
      body: PatientPermissionsBody,
      audit: WriteAudit,
    ): Promise<PatientPermissions> {
      const owner = await ownRow(actor, id, audit);
      const values = valuesFromBody(body);
      const row = await withContactErrors(() =>
        repo.update(id, values, (trx) => audit.commit(trx, id, owner)),
      );
      if (!row) throw notFound();
      return toWire(row);
    },

    async updateColumn(
      actor: Actor,
      id: number,
      column: string,
      value: string,
      audit: WriteAudit,
    ): Promise<PatientPermissions> {
      const target =
        UPDATABLE_COLUMNS.get(column.trim()) ?? UPDATABLE_COLUMNS.get(column.trim().toLowerCase());
      if (!target) {
        throw badRequest(`column must be one of ${[...PREFERENCE_FLAGS, 'email', 'phone'].join(', ')}`, {
          field: 'column',
        });
      }
      let values: PreferenceValues;
      if (target.column === 'email') values = { email: contactEmail(value) };
      else if (target.column === 'phone') values = { phone: contactPhone(value) };
      else {
        const text = value.trim().toLowerCase();
        if (!TRUE_TEXT.has(text) && !FALSE_TEXT.has(text)) {
          throw badRequest(`value must be true or false for ${target.wire}`, { field: 'value' });
        }
        values = { [target.column]: TRUE_TEXT.has(text) };
      }
      const owner = await ownRow(actor, id, audit);
      const row = await withContactErrors(() =>
        repo.update(id, values, (trx) => audit.commit(trx, id, owner)),
      );
      if (!row) throw notFound();
      return toWire(row);
    },

    async remove(actor: Actor, id: number, audit: WriteAudit): Promise<void> {
      const owner = await ownRow(actor, id, audit);
      if (!(await repo.remove(id, (trx) => audit.commit(trx, id, owner)))) throw notFound();
    },
  };
}

export function toWire(row: PatientPermissionsRow): PatientPermissions {
  return {
    permissionId: row.id,
    patientId: row.patient_id,
    email: row.email,
    phone: row.phone,
    allowPromotionText: row.allow_promotion_text,
    allowPromotionEmail: row.allow_promotion_email,
    allowAppointmentReminderText: row.allow_appointment_reminder_text,
    allowAppointmentReminderEmail: row.allow_appointment_reminder_email,
    allowAuthorizationReminderText: row.allow_authorization_reminder_text,
    allowAuthorizationReminderEmail: row.allow_authorization_reminder_email,
  };
}
