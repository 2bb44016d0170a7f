import { DEFAULT_COMPLETION_RATING, POINTS_PER_RATING } from '@clinic/contract/constants';
import { type CsvValue, csvLine } from '@clinic/contract/csv';
import { MSG } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import {
  PATIENT_RATINGS_MAX,
  type Rating,
  type RatingBody,
  type RatingFilterQuery,
  type RatingListQuery,
  type RatingStanding,
  type RatingSummary,
} from '@clinic/contract/ratings';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { assertPatientAccess, canReachPatient } from '../../platform/access';
import type { AuditStreamedPage, PatientNamer, WriteAudit } from '../../platform/audit';
import type { Actor } from '../../platform/auth/actor';
import { type AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { idLikeOf } from '../../platform/id-like';
import { type CursorPage, type DateIdKey, dateIdCursor, pageByCursor } from '../../platform/key-paging';
import { localDateInZone } from '../../platform/time/zoned-time';
import { createAppointmentsRepository } from '../appointments/appointments.repository';
import { isCalendarDate } from '../appointments/slots';
import { changePoints, ensurePointsBank } from '../points/points-ledger';
import {
  createRatingsRepository,
  type RatingRow,
  type RatingScores,
  type StandingKind,
} from './ratings.repository';

const ratingMissing = () => notFound('Rating not found.');
const appointmentMissing = () => notFound('Appointment not found.');

const LIST_DEFAULT_LIMIT = 25;
/** The dashboard's ratings table of one patient: far more visits than any patient has rated. */
const STANDINGS_LIMIT = 50;
const TREND_MONTHS = 12;
const EXPORT_PAGE = 500;

/** The latest date anywhere (UTC+14): no office's visit lies after it, so "today" ends the trend. */
const LATEST_TIME_ZONE = 'Pacific/Kiritimati';

export const RATINGS_CSV_HEADER = [
  'Patient',
  'Doctor',
  'Doctor rating (out of 10)',
  'Office',
  'Office rating (out of 10)',
  'Date',
  'Reason',
  'Notes',
  'Anonymous',
] as const;

/**
 * A rating row as its reader may see it (decision 0031). An anonymous row never names its visit or patient.
 * A default row the patient rated anonymously says so to that patient only ("rated anonymously", without
 * scores); to staff it is a default row like any other, so no answer tells which visits were rated
 * anonymously.
 */
export function ratingOf(row: RatingRow, ownerView: boolean): Rating {
  const anonymousRow = row.anonymous;
  const ratedAnonymously = ownerView && row.type === 'default' && row.rated_at !== null;
  return {
    ratingId: row.id,
    appointmentId: anonymousRow ? 0 : (row.appointment_id ?? 0),
    rating: row.rating,
    officeRating: row.office_rating,
    reason: row.reason,
    extraNotes: row.extra_notes,
    anoymonous: anonymousRow || ratedAnonymously,
    type: row.type,
    rated: row.type === 'patient' || ratedAnonymously,
    patientId: anonymousRow ? null : row.patient_id,
    patientName: anonymousRow ? null : row.patient_name,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    officeId: row.office_id,
    officeName: row.office_name,
    date: row.visit_date,
  };
}

function scoresOf(body: RatingBody): RatingScores {
  return {
    rating: body.rating,
    officeRating: body.officeRating,
    reason: (body.reason ?? '').trim(),
    extraNotes: (body.extraNotes ?? '').trim(),
  };
}

/** The filter's dates must be real days (the schema checks only their shape). */
function checkedFilter<F extends RatingFilterQuery>(filter: F): F {
  for (const field of ['from', 'to'] as const) {
    const date = filter[field];
    if (date !== undefined && !isCalendarDate(date)) throw badRequest(`${field} is not a calendar date.`);
  }
  return filter;
}

/** The first day of the twelve months ending with the month of `end` (yyyy-mm-dd). */
function trendStart(end: string): string {
  const monthIndex = Number(end.slice(0, 4)) * 12 + Number(end.slice(5, 7)) - 1 - (TREND_MONTHS - 1);
  const year = Math.floor(monthIndex / 12);
  return `${String(year).padStart(4, '0')}-${String((monthIndex % 12) + 1).padStart(2, '0')}-01`;
}

export function createRatingsService(ctx: AppContext, now: () => Date = () => new Date()) {
  const repo = createRatingsRepository(ctx.db);
  const appointments = createAppointmentsRepository(ctx.db);

  /** The appointment's own rating row, locked; written now if completion did not (older data). */
  async function lockedAppointmentRating(
    trx: Transaction<DB>,
    appointment: Parameters<typeof appointments.createDefaultRating>[1],
  ) {
    const row = await repo.lockRatingOfAppointment(trx, appointment.id);
    if (row) return row;
    await appointments.createDefaultRating(trx, appointment, DEFAULT_COMPLETION_RATING);
    const created = await repo.lockRatingOfAppointment(trx, appointment.id);
    if (!created) throw new Error(`default rating of appointment ${appointment.id} was not written`);
    return created;
  }

  /**
   * Rates a visit, once, in one transaction: the appointment and its rating row are locked (a second
   * concurrent call waits, then finds the visit rated), the scores written by name or anonymously, the
   * rating's point awarded with the appointment, and the audit row committed.
   */
  async function rate(
    actor: Actor,
    appointmentId: number,
    body: RatingBody,
    audit: WriteAudit,
    missing: () => AppError,
  ): Promise<Rating> {
    const anonymous = Boolean(body.anoymonous || body.anonymous);
    const scores = scoresOf(body);
    const ratingId = await repo.transaction(async (trx) => {
      const appointment = await repo.lockAppointment(trx, appointmentId);
      if (!appointment || actor.patientId === null || appointment.patient_id !== actor.patientId) {
        throw missing();
      }
      audit.namePatient(appointment.patient_id);
      if (appointment.status !== 'Completed') throw conflict(MSG.ratingOnlyCompleted);
      const row = await lockedAppointmentRating(trx, appointment);
      if (row.rated_at !== null || row.type === 'patient') throw conflict(MSG.ratingAlreadyGiven);
      const at = now();
      if (anonymous) {
        await repo.markRated(trx, row.id, at);
        const visit = {
          doctorId: appointment.doctor_id,
          officeId: appointment.office_id,
          date: appointment.appointment_date,
        };
        await repo.insertAnonymous(trx, visit, scores);
      } else {
        await repo.writeNamed(trx, row.id, scores, at);
      }
      await changePoints(trx, {
        pointsBankId: await ensurePointsBank(trx, appointment.patient_id),
        delta: POINTS_PER_RATING,
        reason: 'rating_submitted',
        appointmentId: appointment.id,
        actorUserId: actor.userId,
      });
      // The appointment's row, never the anonymous one: the audit must not tie the patient to it.
      await audit.commit(trx, row.id, appointment.patient_id);
      return row.id;
    });
    const saved = await repo.findById(ratingId);
    if (!saved) throw missing();
    return ratingOf(saved, true);
  }

  /** A linked row answers ADMIN and its patient; an anonymous row ADMIN only. Anyone else: 404. */
  function visibleTo(actor: Actor, row: RatingRow | undefined, namePatient: PatientNamer): Rating {
    if (!row) throw ratingMissing();
    const patientId = row.anonymous ? null : row.patient_id;
    if (patientId !== null) namePatient(patientId);
    const reaches =
      patientId === null
        ? can(actor.role, 'rating:read:any')
        : canReachPatient(actor, patientId, 'rating:read:any');
    if (!reaches) throw ratingMissing();
    return ratingOf(row, actor.role === 'PATIENT');
  }

  async function standingsOf(
    kind: StandingKind,
    filter: RatingFilterQuery,
    window: { from: string; to: string },
  ) {
    const standings = await repo.standings(kind, filter, STANDINGS_LIMIT);
    const months = await repo.standingMonths(
      kind,
      filter,
      standings.map((s) => s.id),
      window,
    );
    return standings.map(
      (standing): RatingStanding => ({
        ...standing,
        months: months
          .filter((m) => m.id === standing.id)
          .map(({ month, average, count }) => ({ month, average, count })),
      }),
    );
  }

  /**
   * The CSV lines in the list's order, page by page on the list's key, so that no more than one page is in
   * memory. Starts with a byte order mark, which spreadsheet programs need to read UTF-8.
   */
  async function* csvLines(filter: RatingFilterQuery, auditPage: AuditStreamedPage): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(RATINGS_CSV_HEADER)}`;
    let after: DateIdKey | undefined;
    for (;;) {
      const rows = await repo.listPage(filter, after, EXPORT_PAGE);
      if (rows.length > 0) {
        // The page's patients are on record before their rows leave.
        await auditPage(ctx.db, namedPatientsOf(rows));
        yield rows.map((row) => csvLine(csvRowOf(row))).join('');
      }
      const last = rows.at(-1);
      if (rows.length < EXPORT_PAGE || !last) return;
      after = { date: last.visit_date, id: last.id };
    }
  }

  return {
    /** POST /ratings/add: the visit named in the body. */
    add(actor: Actor, body: RatingBody, audit: WriteAudit): Promise<Rating> {
      const appointmentId = idLikeOf(body.appointmentId ?? body.appoinmentId, 'appointmentId');
      if (appointmentId === null) throw badRequest('appointmentId is required.');
      return rate(actor, appointmentId, body, audit, appointmentMissing);
    },

    /** PUT /ratings/update/{id}: the visit whose rating row {id} is. */
    async updateRating(actor: Actor, ratingId: number, body: RatingBody, audit: WriteAudit): Promise<Rating> {
      const appointmentId = await repo.appointmentOfRating(ratingId);
      if (appointmentId == null) throw ratingMissing();
      return rate(actor, appointmentId, body, audit, ratingMissing);
    },

    /** PUT /ratings/update/appointment/{id}. */
    updateAppointment(
      actor: Actor,
      appointmentId: number,
      body: RatingBody,
      audit: WriteAudit,
    ): Promise<Rating> {
      return rate(actor, appointmentId, body, audit, appointmentMissing);
    },

    async getById(actor: Actor, id: number, namePatient: PatientNamer): Promise<Rating> {
      return visibleTo(actor, await repo.findById(id), namePatient);
    },

    async getByAppointment(actor: Actor, appointmentId: number, namePatient: PatientNamer): Promise<Rating> {
      return visibleTo(actor, await repo.findByAppointment(appointmentId), namePatient);
    },

    /** The rating rows of all of a patient's visits, newest first (the dashboard's ratings table). */
    async listOfPatient(actor: Actor, patientId: number): Promise<Rating[]> {
      assertPatientAccess(actor, patientId, 'rating:read:any');
      const rows = await repo.listOfPatient(patientId, PATIENT_RATINGS_MAX);
      return rows.map((row) => ratingOf(row, actor.role === 'PATIENT'));
    },

    /** The filtered patients' ratings, one page, with the count of all of them. */
    async list(query: RatingListQuery): Promise<{ page: CursorPage<Rating>; total: number }> {
      const filter = checkedFilter(query);
      const page = await pageByCursor(
        query,
        dateIdCursor,
        (after, take) => repo.listPage(filter, after, take),
        (row) => ({ date: row.visit_date, id: row.id }),
        LIST_DEFAULT_LIMIT,
      );
      const total = await repo.countFiltered(filter);
      return { page: { ...page, items: page.items.map((row) => ratingOf(row, false)) }, total };
    },

    /** Per doctor and per office over the filtered ratings, with the trend of the last twelve months. */
    async summary(query: RatingFilterQuery): Promise<RatingSummary> {
      const filter = checkedFilter(query);
      const end = filter.to ?? localDateInZone(now(), LATEST_TIME_ZONE);
      const window = { from: trendStart(end), to: end };
      return {
        doctors: await standingsOf('doctor', filter, window),
        offices: await standingsOf('office', filter, window),
      };
    },

    /**
     * The CSV of the filtered ratings; the filter is checked before the first byte goes out, and each page's
     * named patients are audited before it does.
     */
    exportCsv(query: RatingFilterQuery, auditPage: AuditStreamedPage): AsyncIterable<string> {
      return csvLines(checkedFilter(query), auditPage);
    },
  };
}

/** The patients an export's rows name (an anonymous rating is linked to no one: ratings_anonymous_unlinked_check). */
function namedPatientsOf(rows: readonly RatingRow[]): number[] {
  return rows.flatMap((row) => (row.patient_id !== null ? [row.patient_id] : []));
}

function csvRowOf(row: RatingRow): CsvValue[] {
  return [
    row.anonymous ? '' : (row.patient_name ?? ''),
    row.doctor_name ?? '',
    row.rating,
    row.office_name ?? '',
    row.office_rating,
    row.visit_date,
    row.reason,
    row.extra_notes,
    row.anonymous ? 'Yes' : 'No',
  ];
}
