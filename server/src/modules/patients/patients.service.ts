import { ALL_PATIENTS_PAGE_SIZE } from '@clinic/contract/constants';
import {
  checkAccountChanges,
  checkPatientDetails,
  type FieldErrors,
  hasAccountChanges,
  normalizeAccountChanges,
  normalizePatientDetails,
  todayIso,
} from '@clinic/contract/patient-details';
import {
  ageOn,
  PATIENT_FILTER_MATCHES_MAX,
  PATIENT_LIST_PAGE_DEFAULT,
  PATIENT_SEARCH_MAX,
  type Patient,
  type PatientListQuery,
  type PatientNameSearchQuery,
  type PatientPage,
  type UpdateAccountBody,
  type UpdateDetailsBody,
  type UpdateDetailsQuery,
} from '@clinic/contract/patients';
import type { AppContext } from '../../app-context';
import type { Sex } from '../../db/schema';
import { assertPatientAccess } from '../../platform/access';
import type { WriteAudit } from '../../platform/audit';
import type { Actor } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/passwords';
import { badRequest, duplicateContactError, notFound } from '../../platform/errors';
import { type CursorPage, nameIdCursor, pageByCursor } from '../../platform/key-paging';
import { createPatientsRepository, type PatientRow } from './patients.repository';

/** Search answers are for picking one patient: a longer list only hides the one wanted; refine instead. */
const SEARCH_RESULT_LIMIT = PATIENT_SEARCH_MAX;

/** The first invalid field as a 400 that names it (message in words, `field` for programs). */
function rejectFieldErrors<F extends string>(errors: FieldErrors<F>) {
  const [field, message] = Object.entries(errors)[0] ?? [];
  if (field && typeof message === 'string') throw badRequest(message, { field });
}

export function createPatientsService(ctx: AppContext) {
  const repo = createPatientsRepository(ctx.db);

  async function load(id: number): Promise<Patient> {
    const row = await repo.findById(id);
    if (!row) throw notFound();
    return toPatient(row);
  }

  /** Only the patient themself edits (the route allows PATIENT only); anyone else's record is 404. */
  function assertOwnRecord(actor: Actor, patientId: number) {
    if (actor.role !== 'PATIENT' || actor.patientId !== patientId) throw notFound();
  }

  return {
    /** One patient's record (its read's audit row is the route's, written by the audit hook). */
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

    /** The patient a details update is about: by id, else by username; known before anything changes. */
    async resolveTarget(query: UpdateDetailsQuery): Promise<number | null> {
      if (query.patientId !== undefined) return query.patientId;
      const username = query.username?.trim();
      if (!username) throw badRequest('patientId or username is required');
      const row = await repo.findByUsername(username);
      return row?.id ?? null;
    },

    async updateDetails(
      actor: Actor,
      patientId: number | null,
      body: UpdateDetailsBody,
      audit: WriteAudit,
    ): Promise<Patient> {
      if (patientId === null) throw notFound();
      audit.namePatient(patientId);
      assertOwnRecord(actor, patientId);
      const details = normalizePatientDetails({
        ...body,
        phoneNumber: body.phone ?? body.phoneNumber ?? '',
        notes: body.notes ?? '',
      });
      rejectFieldErrors(checkPatientDetails(details, todayIso()));
      try {
        const updated = await repo.updateDetails(patientId, { ...details, sex: details.sex as Sex }, (trx) =>
          audit.commit(trx, patientId, patientId),
        );
        if (!updated) throw notFound();
      } catch (error) {
        throw duplicateContactError(error) ?? error;
      }
      return load(patientId);
    },

    async updateAccount(
      actor: Actor,
      patientId: number,
      body: UpdateAccountBody,
      audit: WriteAudit,
    ): Promise<Patient> {
      audit.namePatient(patientId);
      assertOwnRecord(actor, patientId);
      const changes = normalizeAccountChanges({
        username: body.username ?? '',
        password: body.password ?? '',
        email: body.email ?? '',
      });
      if (!hasAccountChanges(changes)) throw badRequest('Please enter a new username, password or email.');
      rejectFieldErrors(checkAccountChanges(changes));
      const account = await repo.findAccount(patientId);
      if (!account) throw notFound();
      try {
        await repo.updateAccount(
          {
            userId: account.id,
            patientId,
            keepSessionId: actor.sessionId,
            ...(changes.username ? { username: changes.username } : {}),
            ...(changes.password ? { passwordHash: await hashPassword(changes.password) } : {}),
            ...(changes.email ? { email: changes.email } : {}),
          },
          (trx) => audit.commit(trx, patientId, patientId),
        );
        await ctx.sessions.sync(); // the revoked sessions are refused here from the answer on
      } catch (error) {
        throw duplicateContactError(error) ?? error;
      }
      return load(patientId);
    },

    /** The patients matching the filter, by name, a page at a time after the cursor's patient. */
    async listByName(query: PatientListQuery): Promise<CursorPage<Patient>> {
      const term = query.q?.trim() || undefined;
      const page = await pageByCursor(
        query,
        nameIdCursor,
        (after, take) => repo.listAfter({ term, after, limit: take }),
        (row) => ({ last: row.last_key, first: row.first_key, id: row.id }),
        PATIENT_LIST_PAGE_DEFAULT,
      );
      return { ...page, items: page.items.map(toPatient) };
    },

    /**
     * One page of All Patients and how many there are. Filtered, the matches are the search's (any part of a
     * name, an e-mail, a phone number, a date of birth, the most telling first), at most
     * PATIENT_FILTER_MATCHES_MAX of them, `more` saying when others match too: counting and sorting every
     * patient a common piece of a name matches (a quarter of the network for 'son') took a second a page.
     */
    async listPage(query: PatientListQuery): Promise<PatientPage> {
      const term = query.q?.trim() || undefined;
      const page = query.page ?? 1;
      // Only ?page= given: the All Patients screen's page size (spec §9).
      const size = query.size ?? ALL_PATIENTS_PAGE_SIZE;
      const offset = (page - 1) * size;
      if (term) {
        const ranked = await repo.rankedIds(term, PATIENT_FILTER_MATCHES_MAX + 1);
        const matches = ranked.slice(0, PATIENT_FILTER_MATCHES_MAX);
        const rows = await repo.inOrder(matches.slice(offset, offset + size));
        const more = ranked.length > PATIENT_FILTER_MATCHES_MAX;
        return { items: rows.map(toPatient), total: matches.length, page, size, ...(more ? { more } : {}) };
      }
      const [rows, total] = await Promise.all([repo.list({ offset, limit: size }), repo.count()]);
      return { items: rows.map(toPatient), total, page, size };
    },

    async findByNames(query: PatientNameSearchQuery): Promise<Patient[]> {
      const firstName = query.firstName?.trim() || undefined;
      const lastName = query.lastName?.trim() || undefined;
      if (!firstName && !lastName) throw badRequest('firstName or lastName is required');
      const rows = await repo.findByNames({ firstName, lastName }, SEARCH_RESULT_LIMIT);
      return rows.map(toPatient);
    },

    /** Free-text search; without a term (when allowed) the first patients by name. */
    async search(term: string | undefined, { termRequired }: { termRequired: boolean }): Promise<Patient[]> {
      const trimmed = term?.trim() ?? '';
      if (!trimmed) {
        if (termRequired) throw badRequest('query is required');
        return (await repo.list({ limit: SEARCH_RESULT_LIMIT })).map(toPatient);
      }
      return (await repo.inOrder(await repo.rankedIds(trimmed, SEARCH_RESULT_LIMIT))).map(toPatient);
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
    age: row.date_of_birth ? ageOn(row.date_of_birth, todayIso()) : 0,
    phoneNumber: row.phone_number,
    sex: row.sex ?? '',
    notes: row.notes ?? null,
    visits: row.visits ?? 0,
    nfWc: row.nf_wc ?? null,
    totalPoints: row.total_points ?? 0,
  };
}
