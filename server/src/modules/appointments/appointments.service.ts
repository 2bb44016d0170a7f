import { randomUUID } from 'node:crypto';
import {
  canTransition,
  isLiveStatus,
  parseStatus,
  transitionRefusal,
} from '@clinic/contract/appointment-status';
import {
  type AddAppointmentBody,
  APPOINTMENT_PAGE_DEFAULT,
  type Appointment,
  type AppointmentPageQuery,
  type AvailableTimesQuery,
  type AvailableTimesResponse,
  type LatestStatusChange,
  NEXT_AVAILABLE_SEARCH_DAYS,
  type NextAvailableQuery,
  type NextAvailableResponse,
  OFFICE_DAY_CHANGES_MAX,
  STATUS_HISTORY_MAX,
  type StatusChange,
  type UpdateAppointmentBody,
} from '@clinic/contract/appointments';
import {
  authorizationVisitRefusal,
  drawsOnAuthorization,
  noAuthorizationRefusal,
  weekStartOf,
} from '@clinic/contract/authorization-rules';
import { BOOKING_REFUSALS } from '@clinic/contract/booking-refusals';
import {
  type AssignProviderBody,
  CALENDAR_MAX_APPOINTMENTS,
  CALENDAR_MAX_DAYS,
  CALENDAR_MAX_PROVIDERS,
  CALENDAR_MESSAGES,
  type CalendarQuery,
  type CalendarResponse,
  type MoveAppointmentBody,
} from '@clinic/contract/calendar';
import {
  checkInDayRefusal,
  checkInDayRefusalMessage,
  statusBefore,
  undoRefusal,
  undoRefusalMessage,
} from '@clinic/contract/check-in-day';
import {
  type AppointmentStatus,
  DEFAULT_COMPLETION_RATING,
  POINTS_PER_COMPLETED_APPOINTMENT,
} from '@clinic/contract/constants';
import { MSG, msg } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import {
  type ChangePolicy,
  insideCutoffMessage,
  NOT_SCHEDULED_MESSAGE,
  patientChangeRefusal,
  type RescheduleBody,
} from '@clinic/contract/self-service';
import {
  isVoucherTypeVisit,
  visitTypeLabel,
  visitTypeOptions,
  voucherReceiptIdOf,
} from '@clinic/contract/visit-types';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { assertPatientAccess } from '../../platform/access';
import type { WriteAudit } from '../../platform/audit';
import type { Actor } from '../../platform/auth/actor';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  PG_UNIQUE_VIOLATION,
  pgConstraint,
  pgErrorCode,
} from '../../platform/errors';
import { enqueueJob, type NewJob, settleQueuedJobs } from '../../platform/jobs';
import { type CursorPage, instantIdCursor, pageByCursor } from '../../platform/key-paging';
import {
  addDays,
  daysBetween,
  localDateInZone,
  zonedWallTimeToInstant,
} from '../../platform/time/zoned-time';
import { planAuthorizationNotices } from '../authorizations/authorization-notices';
import { onEveryChannel } from '../messages/patient-delivery';
import { changePoints, ensurePointsBank, turnAward } from '../points/points-ledger';
import { offerFreedPlace } from '../waitlist/waitlist-offers';
import {
  canceledNoticeJob,
  confirmationJob,
  movedNoticeJob,
  REMINDER_JOB,
  reminderJobs,
} from './appointment-messages';
import {
  type AppointmentChanges,
  type AppointmentFilter,
  type AppointmentRecord,
  type AppointmentRow,
  createAppointmentsRepository,
} from './appointments.repository';
import { calendarFileOf } from './calendar';
import { fullName } from './names';
import { assignProvider, providerRefusal, STAFF_SPECIALTIES } from './provider-assignment';
import {
  availableTimes,
  type DayHours,
  firstFreeSlot,
  isCalendarDate,
  isClosedDay,
  type SlotRefusal,
  slotKey,
  slotRefusal,
} from './slots';

const SLOT_REFUSALS: Record<SlotRefusal, (date: string, time: string) => string> = {
  past_date: (date) => `The date ${date} has already passed at this office.`,
  no_hours: (date) => `The office has no hours on ${date}.`,
  closed: (date) => `The office is closed on ${date}.`,
  not_a_slot: (_date, time) => `${time} is not one of the office's appointment times on that day.`,
  past_time: (_date, time) => `${time} has already passed at this office today.`,
};

/** A status change that lost a race with another (its conditional update found the status moved). */
const CHANGED_MEANWHILE = 'The appointment was changed at the same time; reload it and try again.';

export interface AppointmentsServiceOptions {
  /** The clock; tests may fix it. */
  now?: () => Date;
}

export function createAppointmentsService(ctx: AppContext, options: AppointmentsServiceOptions = {}) {
  const repo = createAppointmentsRepository(ctx.db);
  type LockedAppointment = NonNullable<Awaited<ReturnType<typeof repo.lockAppointment>>>;
  const now = options.now ?? ctx.now ?? (() => new Date());

  function toDayHours(row: {
    day_of_week: string;
    open_hour: string | null;
    close_hour: string | null;
    increments: number;
  }): DayHours {
    return {
      dayOfWeek: row.day_of_week,
      openHour: row.open_hour,
      closeHour: row.close_hour,
      increments: row.increments,
    };
  }

  /**
   * The doctor whose own visits make a slot taken: a real doctor (not 'Not Sure'); none when no doctorId is
   * asked. An unknown doctor is a 400, as on booking.
   */
  async function exclusiveDoctor(doctorId: number | undefined): Promise<number | null> {
    if (doctorId === undefined) return null;
    const doctor = await repo.findDoctor(doctorId);
    if (!doctor) throw badRequest(BOOKING_REFUSALS.doctorNotFound);
    return doctor.is_placeholder ? null : doctor.id;
  }

  function assertDate(date: string, field = 'appointmentDate') {
    if (!isCalendarDate(date)) throw badRequest(`${field} is not a valid date (yyyy-mm-dd)`);
  }

  /** 'HH:MM' or 'HH:MM:00' as 'HH:MM'; slots start on whole minutes. */
  function normalizeTime(time: string): string {
    if (time.length > 5 && !time.endsWith(':00')) {
      throw badRequest("appointmentTime must be one of the office's slot times (HH:MM)");
    }
    return slotKey(time);
  }

  /**
   * Every placement rule of a booking (spec §5, issue 5), run inside the transaction after the office-day
   * row is locked: office, doctor and their link; date, hours and slot; capacity; the doctor's and the
   * patient's other live appointments. `excludeId` leaves out the appointment being moved.
   */
  async function checkPlacement(
    trx: Transaction<DB>,
    plan: {
      patientId: number;
      officeId: number;
      doctorId: number;
      date: string;
      time: string;
      /** The waitlist offer being taken: its held place is the booking's own. */
      heldFor?: number;
    },
    excludeId: number | null,
  ): Promise<{ startsAt: Date; doctorExclusive: boolean; timeZone: string }> {
    const office = await repo.findOffice(plan.officeId, trx);
    if (!office) throw badRequest(BOOKING_REFUSALS.officeNotFound);
    const doctor = await repo.findDoctor(plan.doctorId, trx);
    if (!doctor) throw badRequest(BOOKING_REFUSALS.doctorNotFound);
    const notTheirs = providerRefusal(doctor, office.id);
    if (notTheirs) throw badRequest(notTheirs);

    const hours = await repo.lockOfficeDay(trx, office.id, plan.date);
    const refusal = slotRefusal({
      hours: hours ? toDayHours(hours) : null,
      date: plan.date,
      time: plan.time,
      timeZone: office.time_zone,
      now: now(),
    });
    if (refusal) throw badRequest(SLOT_REFUSALS[refusal](plan.date, plan.time));
    const capacity = Math.max(1, hours!.increments);

    const taken = await repo.countLiveInSlot(
      trx,
      { officeId: office.id, date: plan.date, time: plan.time },
      excludeId,
      plan.heldFor ?? null,
    );
    if (taken >= capacity) throw conflict(BOOKING_REFUSALS.slotFull);

    const doctorExclusive = !doctor.is_placeholder;
    if (
      doctorExclusive &&
      (await repo.doctorHasLiveAppointment(
        trx,
        { doctorId: doctor.id, date: plan.date, time: plan.time },
        excludeId,
      ))
    ) {
      throw conflict(BOOKING_REFUSALS.doctorBusy);
    }

    const startsAt = zonedWallTimeToInstant(plan.date, plan.time, office.time_zone);
    if (await repo.patientHasLiveAppointmentAt(trx, plan.patientId, startsAt, excludeId)) {
      throw conflict(BOOKING_REFUSALS.patientBusy);
    }
    return { startsAt, doctorExclusive, timeZone: office.time_zone };
  }

  /**
   * The type of visit must be one the patient may book (§5): eval, visit (pay), an active value of their
   * insurance, or one of their own unvouched vouchers not already booked for another live visit.
   */
  async function checkTypeVisit(
    trx: Transaction<DB>,
    patientId: number,
    typeVisit: string,
    excludeId: number | null,
  ): Promise<{ typeVisit: string; voucherReceiptId: number | null }> {
    const value = typeVisit.trim();
    if (isVoucherTypeVisit(value)) {
      const receiptId = voucherReceiptIdOf(value);
      if (receiptId === null) throw badRequest(BOOKING_REFUSALS.voucherInvalid);
      const receipt = await repo.lockReceipt(trx, receiptId);
      // Someone else's receipt answers like a missing one.
      if (!receipt || receipt.patient_id !== patientId) throw badRequest(BOOKING_REFUSALS.voucherNotOwned);
      if (receipt.vouched) throw conflict(BOOKING_REFUSALS.voucherUsed);
      if (await repo.voucherInLiveUse(trx, receiptId, excludeId))
        throw conflict(BOOKING_REFUSALS.voucherBooked);
      return { typeVisit: value, voucherReceiptId: receiptId };
    }
    const allowed = visitTypeOptions({
      insuranceActive: await repo.insuranceActiveLists(patientId, trx),
      vouchers: [],
    }).map((o) => o.value);
    if (!allowed.includes(value)) {
      throw badRequest(
        `"${value}" is not a type of visit this patient can book (choose one of: ${allowed.join(', ')}).`,
      );
    }
    return { typeVisit: value, voucherReceiptId: null };
  }

  async function checkDiagnosisCombiner(
    trx: Transaction<DB>,
    patientId: number,
    id: number | null | undefined,
  ) {
    if (id == null) return null;
    const owner = await repo.diagnosisCombinerOwner(id, trx);
    if (owner?.patient_id !== patientId) throw badRequest(BOOKING_REFUSALS.diagnosisNotOwned);
    return id;
  }

  /**
   * The visit burn-down (docs/decisions/0029): the authorization a visit of this type on this date draws
   * on, or null when the type draws on none (eval, visit (pay), vouchers). It is the diagnosis set's
   * authorization when the visit names one, else the patient's active one covering the date. Its row is
   * locked before its visits are counted, after the office-day row: every booking path locks appointment,
   * office-day, then authorization, so bookings cannot deadlock each other. `excludeId` leaves out the
   * appointment being placed. A refusal caused by other bookings (visits used up, the week full) is 409
   * like a full slot; one the authorization gives by itself (none, not active, outside its dates) is 400.
   */
  async function checkAuthorization(
    trx: Transaction<DB>,
    visit: { patientId: number; typeVisit: string; date: string; diagnosisCombinerId: number | null },
    excludeId: number | null,
  ): Promise<number | null> {
    if (!drawsOnAuthorization(visit.typeVisit)) return null;
    const authorizationId =
      visit.diagnosisCombinerId === null
        ? await repo.coveringAuthorization(trx, visit.patientId, visit.date)
        : ((await repo.diagnosisCombinerOwner(visit.diagnosisCombinerId, trx))?.authorization_id ?? null);
    const authorization =
      authorizationId === null ? undefined : await repo.lockAuthorization(trx, authorizationId);
    if (!authorization) throw badRequest(noAuthorizationRefusal(visit.typeVisit, visit.date));

    const weekStart = weekStartOf(visit.date);
    const counts = await repo.authorizationUse(
      trx,
      authorization.id,
      { from: weekStart, to: addDays(weekStart, 6) },
      excludeId,
    );
    const rules = {
      authCode: authorization.auth_code,
      active: authorization.active,
      dayStart: authorization.day_start,
      dayEnd: authorization.day_end,
      visits: authorization.visits,
      weeklyVisitLimit: authorization.weekly_visit_limit,
    };
    const refusal = authorizationVisitRefusal({ ...rules, ...counts }, visit.date);
    if (refusal === null) return authorization.id;
    const byItself = authorizationVisitRefusal({ ...rules, used: 0, scheduled: 0, inWeek: 0 }, visit.date);
    throw byItself === null ? conflict(refusal) : badRequest(refusal);
  }

  /** A race lost to the database's own guarantees reads like the check that would have caught it. */
  function translateConstraint(error: unknown): unknown {
    if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) return error;
    const constraint = pgConstraint(error) ?? (error instanceof Error ? error.message : '');
    if (constraint.includes('appointments_doctor_slot_key')) return conflict(BOOKING_REFUSALS.doctorBusy);
    if (constraint.includes('appointments_patient_instant_key'))
      return conflict(BOOKING_REFUSALS.patientBusy);
    if (constraint.includes('appointments_voucher_receipt_key'))
      return conflict(BOOKING_REFUSALS.voucherBooked);
    return error;
  }

  async function inTransaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    try {
      return await repo.transaction(work);
    } catch (error) {
      throw translateConstraint(error);
    }
  }

  /** Check-in scope of §6: all offices for ADMIN, MANAGER, FRONTDESK; a DOCTOR only their own record's office. */
  async function assertCheckInScope(trx: Transaction<DB> | undefined, actor: Actor, officeId: number) {
    if (can(actor.role, 'checkin:any-office')) return;
    if (can(actor.role, 'checkin:own-office') && actor.doctorId != null) {
      if ((await repo.officeOfDoctor(actor.doctorId, trx)) === officeId) return;
    }
    throw forbidden('You can update appointments of your own office only.');
  }

  /**
   * Completion (§4), in the status change's transaction and only by the call that made the move: a
   * voucher is marked vouched, the default rating is written if none exists, the visit's point is
   * awarded through the ledger, and the patient's visit count grows by one.
   */
  async function completeVisit(
    trx: Transaction<DB>,
    appointment: {
      id: number;
      patient_id: number;
      doctor_id: number;
      office_id: number;
      appointment_date: string;
      voucher_receipt_id: number | null;
    },
    actor: Actor,
  ) {
    if (appointment.voucher_receipt_id !== null) {
      await repo.markReceiptVouched(trx, appointment.voucher_receipt_id);
    }
    await repo.createDefaultRating(trx, appointment, DEFAULT_COMPLETION_RATING);
    const pointsBankId = await ensurePointsBank(trx, appointment.patient_id);
    const award = await changePoints(trx, {
      pointsBankId,
      delta: POINTS_PER_COMPLETED_APPOINTMENT,
      reason: 'appointment_completed',
      appointmentId: appointment.id,
      actorUserId: actor.userId,
    });
    // Completed again after an undo: the award taken back is given again, by a reversal of its reversal.
    if (award.outcome === 'duplicate') {
      await turnAward(trx, {
        appointmentId: appointment.id,
        reason: 'appointment_completed',
        standing: true,
        actorUserId: actor.userId ?? null,
      });
    }
    await repo.incrementVisits(trx, appointment.patient_id);
  }

  /**
   * An undone completion (decision 0054), in the undo's transaction: everything completion did is taken
   * back, or nothing. A visit the patient has rated keeps its completion (the rating and its point are the
   * patient's); so does one whose point the patient has already spent.
   */
  async function uncompleteVisit(
    trx: Transaction<DB>,
    appointment: { id: number; patient_id: number; voucher_receipt_id: number | null },
    actor: Actor,
  ) {
    const rating = await repo.ratingOf(trx, appointment.id);
    if (rating?.rated_at != null) throw conflict(MSG.undoRated);
    const taken = await turnAward(trx, {
      appointmentId: appointment.id,
      reason: 'appointment_completed',
      standing: false,
      actorUserId: actor.userId ?? null,
    });
    if (taken.outcome === 'insufficient') throw conflict(MSG.undoPointSpent);
    if (rating) await repo.deleteRating(trx, rating.id);
    if (appointment.voucher_receipt_id !== null) {
      await repo.markReceiptVouched(trx, appointment.voucher_receipt_id, false);
    }
    await repo.incrementVisits(trx, appointment.patient_id, -1);
  }

  /** The office zone of a visit, for the rules of its own day. */
  async function officeZone(trx: Transaction<DB>, officeId: number): Promise<string> {
    const office = await repo.findOffice(officeId, trx);
    if (!office) throw notFound(BOOKING_REFUSALS.officeNotFound);
    return office.time_zone;
  }

  async function moveStatus(
    trx: Transaction<DB>,
    appointment: {
      id: number;
      status: AppointmentStatus;
      patient_id: number;
      doctor_id: number;
      office_id: number;
      appointment_date: string;
      appointment_time: string;
      starts_at: Date | string;
      voucher_receipt_id: number | null;
    },
    to: AppointmentStatus,
    actor: Actor,
  ) {
    if (!canTransition(appointment.status, to)) throw conflict(transitionRefusal(appointment.status, to));
    // Walked In, In Room, Completed and No Show belong to the visit's own office-local day (decision 0054).
    const visit = {
      conformation: appointment.status,
      appointmentDate: appointment.appointment_date,
      appointmentTime: slotKey(appointment.appointment_time),
      startsAt: appointment.starts_at,
      timeZone: await officeZone(trx, appointment.office_id),
    };
    const dayRefusal = checkInDayRefusal(visit, to, now());
    if (dayRefusal) throw badRequest(checkInDayRefusalMessage(dayRefusal, visit, to));
    const moved = await repo.moveStatus(trx, appointment.id, appointment.status, to, now(), {
      userId: actor.userId ?? null,
      username: actor.username ?? null,
    });
    if (!moved) throw conflict(CHANGED_MEANWHILE);
    if (to === 'Completed') await completeVisit(trx, appointment, actor);
    if (to === 'Canceled') {
      await enqueueMessage(trx, canceledNoticeJob(appointment.id, appointment.patient_id));
    }
    if (!isLiveStatus(to)) await settleReminders(trx, appointment, `skipped: ${to}`);
    // A canceled visit's place goes to the waitlist first (a No Show's has passed: nothing is offered).
    if (isLiveStatus(appointment.status) && !isLiveStatus(to)) await offerPlaceOf(trx, appointment);
  }

  /** Queues the visit's reminders that are still ahead (issue 16): the day before and 2 hours before. */
  async function planReminders(
    trx: Transaction<DB>,
    appointmentId: number,
    patientId: number,
    visit: { date: string; time: string; timeZone: string },
    plan: string,
  ): Promise<string[]> {
    const keys: string[] = [];
    for (const job of reminderJobs(appointmentId, patientId, visit, plan)) {
      if (job.runAt && job.runAt.getTime() > now().getTime()) {
        for (const each of await enqueueMessage(trx, job)) keys.push(each);
      }
    }
    return keys;
  }

  /** A visit's queued reminders (but those just planned) are no longer needed: the outbox says why at once. */
  async function settleReminders(
    trx: Transaction<DB>,
    appointment: { id: number; patient_id: number },
    outcome: string,
    keep: readonly string[] = [],
  ): Promise<void> {
    await settleQueuedJobs(
      trx,
      {
        patientId: appointment.patient_id,
        kind: REMINDER_JOB,
        recordKey: 'appointmentId',
        recordId: appointment.id,
        exceptKeys: keep,
      },
      outcome,
      now(),
    );
  }

  /** A visit now draws on an authorization: it may have few visits left to book (issue 16). */
  function drewOn(trx: Transaction<DB>, authorizationId: number) {
    return planAuthorizationNotices(trx, authorizationId, {
      now: now(),
      fallbackTimeZone: ctx.config.practiceTimeZone,
    });
  }

  /** Queues a message to a patient on every channel, due now unless it says when (issue 16). */
  async function enqueueMessage(trx: Transaction<DB>, job: NewJob): Promise<string[]> {
    const jobs = onEveryChannel({ runAt: now(), ...job });
    for (const each of jobs) await enqueueJob(trx, each);
    return jobs.map((each) => each.key);
  }

  /** Offers the place an appointment held to the waitlist of its office-day (in the same transaction). */
  function offerPlaceOf(
    trx: Transaction<DB>,
    appointment: { office_id: number; appointment_date: string; appointment_time: string },
  ) {
    return offerFreedPlace(
      trx,
      {
        officeId: appointment.office_id,
        date: appointment.appointment_date,
        time: appointment.appointment_time,
      },
      now(),
    );
  }

  /**
   * The changes of an edit on the locked row: a move re-runs every placement rule (only a Scheduled visit
   * moves), the type, diagnosis set and notes are checked as on booking, what the visit draws on is decided
   * again, and a new status moves by the state machine. The caller commits the audit row.
   */
  async function applyChanges(
    trx: Transaction<DB>,
    actor: Actor,
    row: LockedAppointment,
    body: UpdateAppointmentBody,
    requestedTime: string | undefined,
    requestedStatus: AppointmentStatus | undefined,
  ): Promise<void> {
    const next = {
      officeId: body.officeId ?? row.office_id,
      doctorId: body.doctorId ?? row.doctor_id,
      date: body.appointmentDate ?? row.appointment_date,
      time: requestedTime ?? slotKey(row.appointment_time),
    };
    const moved =
      next.officeId !== row.office_id ||
      next.doctorId !== row.doctor_id ||
      next.date !== row.appointment_date ||
      next.time !== slotKey(row.appointment_time);
    const changes: AppointmentChanges = {};
    let movedTo: { startsAt: Date; timeZone: string } | undefined;

    if (moved) {
      if (row.status !== 'Scheduled') {
        throw conflict('Only a Scheduled appointment can move to another office, doctor, date or time.');
      }
      const placement = await checkPlacement(trx, { patientId: row.patient_id, ...next }, row.id);
      movedTo = { startsAt: placement.startsAt, timeZone: placement.timeZone };
      Object.assign(changes, {
        office_id: next.officeId,
        doctor_id: next.doctorId,
        appointment_date: next.date,
        appointment_time: next.time,
        starts_at: placement.startsAt,
        doctor_exclusive: placement.doctorExclusive,
      });
    }

    const typeVisit = body.typeVisit?.trim();
    if (typeVisit !== undefined && typeVisit !== row.type_visit) {
      if (!isLiveStatus(row.status) || row.status === 'Completed') {
        throw conflict(`The type of visit of a ${row.status} appointment cannot change.`);
      }
      const visit = await checkTypeVisit(trx, row.patient_id, typeVisit, row.id);
      Object.assign(changes, { type_visit: visit.typeVisit, voucher_receipt_id: visit.voucherReceiptId });
    }

    if (body.diagCombId !== undefined && body.diagCombId !== row.diagnosis_combiner_id) {
      changes.diagnosis_combiner_id = await checkDiagnosisCombiner(trx, row.patient_id, body.diagCombId);
    }
    if (body.notes !== undefined) changes.notes = (body.notes ?? '').trim();

    // What the visit draws on is decided again when its date, type or diagnosis set changes; a Canceled
    // or No Show visit counts for nothing and keeps its link as it was.
    const drawChanged =
      next.date !== row.appointment_date ||
      changes.type_visit !== undefined ||
      changes.diagnosis_combiner_id !== undefined;
    if (drawChanged && isLiveStatus(row.status)) {
      changes.authorization_id = await checkAuthorization(
        trx,
        {
          patientId: row.patient_id,
          typeVisit: changes.type_visit ?? row.type_visit,
          date: next.date,
          diagnosisCombinerId:
            changes.diagnosis_combiner_id !== undefined
              ? changes.diagnosis_combiner_id
              : row.diagnosis_combiner_id,
        },
        row.id,
      );
    }

    await repo.updateFields(trx, row.id, changes);
    if (changes.authorization_id != null && changes.authorization_id !== row.authorization_id) {
      await drewOn(trx, changes.authorization_id);
    }
    if (moved && isLiveStatus(row.status)) await offerPlaceOf(trx, row);
    if (movedTo && movedTo.startsAt.getTime() !== new Date(row.starts_at).getTime()) {
      // The reminders of the old time find the visit moved and send nothing; the new time gets its own.
      const visit = { date: next.date, time: next.time, timeZone: movedTo.timeZone };
      const plan = randomUUID();
      const planned = await planReminders(trx, row.id, row.patient_id, visit, plan);
      await settleReminders(trx, row, 'skipped: the visit has moved', planned);
      await enqueueMessage(trx, movedNoticeJob(row.id, row.patient_id, movedTo.startsAt, plan));
    }

    // The popup sends the whole record back: an unchanged status is no move.
    if (requestedStatus !== undefined && requestedStatus !== row.status) {
      await moveStatus(
        trx,
        {
          id: row.id,
          status: row.status,
          patient_id: row.patient_id,
          doctor_id: changes.doctor_id ?? row.doctor_id,
          office_id: changes.office_id ?? row.office_id,
          appointment_date: changes.appointment_date ?? row.appointment_date,
          appointment_time: changes.appointment_time ?? row.appointment_time,
          starts_at: movedTo?.startsAt ?? row.starts_at,
          voucher_receipt_id:
            changes.voucher_receipt_id !== undefined ? changes.voucher_receipt_id : row.voucher_receipt_id,
        },
        requestedStatus,
        actor,
      );
    }
  }

  /** Whose appointment a change may lock: any (staff, checked by the route) or the calling patient's own. */
  type Lock = 'any' | { ownedBy: Actor };

  /**
   * A change of one appointment: locks it (another patient's is not found, as on every patient read), names
   * its patient in the audit, makes the change and commits the audit row in the same transaction; answers
   * the appointment as it is afterwards.
   */
  async function changeLocked(
    id: number,
    lock: Lock,
    audit: WriteAudit,
    change: (trx: Transaction<DB>, row: LockedAppointment) => Promise<void>,
  ): Promise<Appointment> {
    await inTransaction(async (trx) => {
      const row = await repo.lockAppointment(trx, id);
      const owner = lock === 'any' ? null : lock.ownedBy;
      if (!row || (owner && (owner.role !== 'PATIENT' || row.patient_id !== owner.patientId))) {
        throw notFound('Appointment not found.');
      }
      audit.namePatient(row.patient_id);
      await change(trx, row);
      await audit.commit(trx, row.id, row.patient_id);
    });
    return reload(id);
  }

  /** The shared rule (contract/self-service): Scheduled, and not inside the cut-off before it starts. */
  async function assertPatientMayChange(trx: Transaction<DB>, row: LockedAppointment): Promise<void> {
    const cutoffHours = ctx.config.patientChangeCutoffHours;
    const refusal = patientChangeRefusal(
      { conformation: row.status, startsAt: row.starts_at },
      now(),
      cutoffHours,
    );
    if (refusal === 'not_scheduled') throw conflict(NOT_SCHEDULED_MESSAGE);
    if (refusal === 'inside_cutoff') {
      const office = await repo.findOffice(row.office_id, trx);
      throw conflict(insideCutoffMessage(cutoffHours, office?.phone_number || null));
    }
  }

  function parseConformation(value: string): AppointmentStatus {
    const status = parseStatus(value);
    if (!status) {
      throw badRequest(
        `"${value}" is not a status; use Scheduled, Walked In, In Room, Completed, Canceled or No Show.`,
      );
    }
    return status;
  }

  async function getVisible(actor: Actor, id: number): Promise<AppointmentRecord> {
    const row = await repo.findById(id);
    if (!row) throw notFound('Appointment not found.');
    assertPatientAccess(actor, row.patient_id, 'appointment:read:any');
    return row;
  }

  async function reload(id: number): Promise<Appointment> {
    const row = await repo.findById(id);
    if (!row) throw notFound('Appointment not found.');
    return toAppointment(row);
  }

  return {
    bookingPatientId,

    async availableTimes(query: AvailableTimesQuery): Promise<AvailableTimesResponse> {
      const { officeId, date } = query;
      assertDate(date, 'date');
      const office = await repo.findOffice(officeId);
      if (!office) throw notFound(BOOKING_REFUSALS.officeNotFound);
      const doctorId = await exclusiveDoctor(query.doctorId);
      const [hours, liveCounts, doctorTimes] = await Promise.all([
        repo.findOfficeDay(officeId, date),
        repo.liveCountsByTime(officeId, date),
        doctorId === null ? new Set<string>() : repo.doctorLiveTimes(doctorId, date, date),
      ]);
      return availableTimes({
        hours: hours ? toDayHours(hours) : null,
        date,
        timeZone: office.time_zone,
        now: now(),
        liveCounts,
        doctorTimes: [...doctorTimes].map((key) => key.slice(date.length + 1)),
      });
    },

    /**
     * The first free slot from the asked day (or the office's today) on, for the doctor when one is named,
     * looking through at most NEXT_AVAILABLE_SEARCH_DAYS open days; and the office's last open day.
     * Three reads whatever the range: the open days, the office's counts and the doctor's visits.
     */
    async nextAvailable(query: NextAvailableQuery): Promise<NextAvailableResponse> {
      assertDate(query.date, 'date');
      const office = await repo.findOffice(query.officeId);
      if (!office) throw notFound(BOOKING_REFUSALS.officeNotFound);
      const doctorId = await exclusiveDoctor(query.doctorId);
      const at = now();
      const today = localDateInZone(at, office.time_zone);
      const from = query.date > today ? query.date : today;
      const [days, lastDate] = await Promise.all([
        repo.openDaysFrom(office.id, from, NEXT_AVAILABLE_SEARCH_DAYS),
        repo.lastOpenDay(office.id),
      ]);
      const to = days.at(-1)?.date;
      if (to === undefined) return { date: null, time: null, lastDate };
      const [counts, doctorTimes] = await Promise.all([
        repo.liveCountsByDateTime(office.id, from, to),
        doctorId === null ? new Set<string>() : repo.doctorLiveTimes(doctorId, from, to),
      ]);
      for (const day of days) {
        const prefix = `${day.date}|`;
        const ofDay = (keys: Iterable<string>) =>
          [...keys].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
        const liveCounts = new Map(
          ofDay(counts.keys()).map((time) => [time, counts.get(prefix + time) ?? 0]),
        );
        const time = firstFreeSlot(
          availableTimes({
            hours: toDayHours(day),
            date: day.date,
            timeZone: office.time_zone,
            now: at,
            liveCounts,
            doctorTimes: ofDay(doctorTimes),
          }),
        );
        if (time !== null) return { date: day.date, time, lastDate };
      }
      return { date: null, time: null, lastDate };
    },

    /**
     * Whether a patient may book a type of visit on a day, by the booking's own rules (the type is theirs to
     * book; one that draws on an authorization needs one covering the day with visits left): the waitlist
     * keeps the type a patient waits for and books it when they take an offer, so it is checked on joining.
     */
    async assertBookableType(patientId: number, typeVisit: string, date: string): Promise<void> {
      await inTransaction(async (trx) => {
        const visit = await checkTypeVisit(trx, patientId, typeVisit, null);
        await checkAuthorization(
          trx,
          { patientId, typeVisit: visit.typeVisit, date, diagnosisCombinerId: null },
          null,
        );
      });
    },

    /**
     * Books a visit with every rule. A waitlist offer being taken (`offer`) is checked first in the same
     * transaction, its held place counts as the booking's own, and it learns the booked visit's id.
     */
    async add(
      actor: Actor,
      body: AddAppointmentBody,
      audit: WriteAudit,
      offer?: {
        id: number;
        check: (trx: Transaction<DB>) => Promise<void>;
        booked: (trx: Transaction<DB>, appointmentId: number) => Promise<void>;
      },
    ): Promise<{ id: number; patientId: number }> {
      const patientId = bookingPatientId(actor, body);
      if (patientId === null) throw badRequest(MSG.patientNotSelected);
      audit.namePatient(patientId);
      assertDate(body.appointmentDate);
      const time = normalizeTime(body.appointmentTime);
      const id = await inTransaction(async (trx) => {
        await offer?.check(trx);
        if (!(await repo.findPatient(patientId, trx))) throw badRequest(BOOKING_REFUSALS.patientNotFound);
        const placement = await checkPlacement(
          trx,
          {
            patientId,
            officeId: body.officeId,
            doctorId: body.doctorId,
            date: body.appointmentDate,
            time,
            ...(offer ? { heldFor: offer.id } : {}),
          },
          null,
        );
        const visit = await checkTypeVisit(trx, patientId, body.typeVisit, null);
        const diagnosisCombinerId = await checkDiagnosisCombiner(trx, patientId, body.diagCombId);
        const authorizationId = await checkAuthorization(
          trx,
          { patientId, typeVisit: visit.typeVisit, date: body.appointmentDate, diagnosisCombinerId },
          null,
        );
        const created = await repo.insert(trx, {
          office_id: body.officeId,
          doctor_id: body.doctorId,
          diagnosis_combiner_id: diagnosisCombinerId,
          authorization_id: authorizationId,
          patient_id: patientId,
          appointment_date: body.appointmentDate,
          appointment_time: time,
          starts_at: placement.startsAt,
          notes: (body.notes ?? '').trim(),
          type_visit: visit.typeVisit,
          voucher_receipt_id: visit.voucherReceiptId,
          doctor_exclusive: placement.doctorExclusive,
          created_by_user_id: actor.userId,
        });
        await offer?.booked(trx, created);
        if (authorizationId !== null) await drewOn(trx, authorizationId);
        // The confirmation goes out once the booking has committed, or never (issue 16).
        await enqueueMessage(trx, confirmationJob(created, patientId));
        await planReminders(
          trx,
          created,
          patientId,
          { date: body.appointmentDate, time, timeZone: placement.timeZone },
          'booked',
        );
        await audit.commit(trx, created, patientId);
        return created;
      });
      return { id, patientId };
    },

    /** One page of the filtered appointments, in start order (every list is bounded: issue 13). */
    async list(
      actor: Actor,
      filter: AppointmentFilter,
      page: AppointmentPageQuery,
    ): Promise<CursorPage<Appointment>> {
      // A PATIENT sees only their own appointments, whatever the filter asks for.
      const scoped = actor.role === 'PATIENT' ? { ...filter, patientId: actor.patientId ?? -1 } : filter;
      if (scoped.date !== undefined) assertDate(scoped.date, 'date');
      const rows = await pageByCursor(
        page,
        instantIdCursor,
        (after, take) => repo.listPage(scoped, after, take),
        (row) => ({ at: row.starts_at, id: row.id }),
        APPOINTMENT_PAGE_DEFAULT,
      );
      return { ...rows, items: rows.items.map(toAppointment) };
    },

    async get(actor: Actor, id: number): Promise<Appointment> {
      return toAppointment(await getVisible(actor, id));
    },

    async update(
      actor: Actor,
      id: number,
      body: UpdateAppointmentBody,
      audit: WriteAudit,
    ): Promise<Appointment> {
      if (body.appointmentDate !== undefined) assertDate(body.appointmentDate);
      const requestedTime =
        body.appointmentTime === undefined ? undefined : normalizeTime(body.appointmentTime);
      const requestedStatus =
        body.conformation === undefined ? undefined : parseConformation(body.conformation);

      return changeLocked(id, 'any', audit, (trx, row) =>
        applyChanges(trx, actor, row, body, requestedTime, requestedStatus),
      );
    },

    async updateTypeVisit(
      actor: Actor,
      id: number,
      oldVisit: string,
      newVisit: string,
      audit: WriteAudit,
    ): Promise<Appointment> {
      return changeLocked(id, 'any', audit, async (trx, row) => {
        await assertCheckInScope(trx, actor, row.office_id);
        if (row.type_visit !== oldVisit.trim()) {
          throw conflict(
            `The type of visit is now "${row.type_visit}", not "${oldVisit.trim()}"; reload and try again.`,
          );
        }
        const value = newVisit.trim();
        // Asked to keep what it is: nothing changes, and the call is recorded as the no-op it was.
        if (value === row.type_visit) return;
        if (!isLiveStatus(row.status) || row.status === 'Completed') {
          throw conflict(`The type of visit of a ${row.status} appointment cannot change.`);
        }
        const visit = await checkTypeVisit(trx, row.patient_id, value, row.id);
        const authorizationId = await checkAuthorization(
          trx,
          {
            patientId: row.patient_id,
            typeVisit: visit.typeVisit,
            date: row.appointment_date,
            diagnosisCombinerId: row.diagnosis_combiner_id,
          },
          row.id,
        );
        await repo.updateFields(trx, row.id, {
          type_visit: visit.typeVisit,
          voucher_receipt_id: visit.voucherReceiptId,
          authorization_id: authorizationId,
        });
        if (authorizationId !== null) await drewOn(trx, authorizationId);
      });
    },

    /**
     * PATCH update-conformation: the state machine of §4 on the locked row, a conditional update from the
     * status that was read, and on Completed the completion effects in the same transaction. Of ten racing
     * Completed calls one moves the appointment; the others find it Completed and are refused.
     */
    async updateConformation(
      actor: Actor,
      id: number,
      conformation: string,
      audit: WriteAudit,
    ): Promise<Appointment> {
      const to = parseConformation(conformation);
      return changeLocked(id, 'any', audit, async (trx, row) => {
        await assertCheckInScope(trx, actor, row.office_id);
        await moveStatus(trx, row, to, actor);
      });
    },

    /**
     * Undoes the visit's status, one step back to the status before it in its history (decision 0054): on
     * the visit's own office-local day, by staff who may undo and run check-in at its office, and only the
     * status the caller saw (`asked`), so that a second click or another desk cannot undo twice. Undoing
     * Completed takes back everything completion did, in the same transaction as the change, its history
     * row and its audit row.
     */
    async undoStatus(
      actor: Actor,
      id: number,
      asked: AppointmentStatus,
      audit: WriteAudit,
    ): Promise<Appointment> {
      return changeLocked(id, 'any', audit, async (trx, row) => {
        await assertCheckInScope(trx, actor, row.office_id);
        if (row.status !== asked) throw conflict(msg.undoStale(row.status, asked));
        const visit = {
          conformation: row.status,
          appointmentDate: row.appointment_date,
          startsAt: row.starts_at,
          timeZone: await officeZone(trx, row.office_id),
        };
        const refusal = undoRefusal(visit, now());
        // Nothing to undo, or a Canceled visit: a move the state machine has no step back for (409, as
        // decision 0018's refusals); another day: the day rule's 400.
        if (refusal === 'not_visit_day') throw badRequest(undoRefusalMessage(refusal, visit));
        if (refusal) throw conflict(undoRefusalMessage(refusal, visit));
        const back = statusBefore(row.status)!;
        const moved = await repo.moveStatus(
          trx,
          row.id,
          row.status,
          back,
          now(),
          { userId: actor.userId ?? null, username: actor.username ?? null },
          true,
        );
        if (!moved) throw conflict(CHANGED_MEANWHILE);
        if (row.status === 'Completed') await uncompleteVisit(trx, row, actor);
      });
    },

    /**
     * The provider calendar (issue 15): an office's days with their hours, its providers and every visit of
     * at most CALENDAR_MAX_DAYS days, for staff who run check-in there.
     */
    async providerCalendar(actor: Actor, query: CalendarQuery): Promise<CalendarResponse> {
      const { officeId, from, to } = query;
      assertDate(from, 'from');
      assertDate(to, 'to');
      const span = daysBetween(from, to);
      if (span < 0) throw badRequest(CALENDAR_MESSAGES.rangeOrder);
      if (span >= CALENDAR_MAX_DAYS) throw badRequest(CALENDAR_MESSAGES.rangeTooLong);
      await assertCheckInScope(undefined, actor, officeId);
      const office = await repo.findOffice(officeId);
      if (!office) throw notFound(BOOKING_REFUSALS.officeNotFound);

      const hours = new Map((await repo.officeHoursBetween(officeId, from, to)).map((h) => [h.date, h]));
      const clinicians = await repo.officeClinicians(
        officeId,
        [...STAFF_SPECIALTIES],
        CALENDAR_MAX_PROVIDERS,
      );
      const rows = await repo.calendarAppointments(officeId, from, to, CALENDAR_MAX_APPOINTMENTS + 1);
      const shown = rows.slice(0, CALENDAR_MAX_APPOINTMENTS);

      const providers = clinicians.map((d) => ({
        doctorId: d.id,
        name: fullName(d.first_name, d.last_name),
        specialty: d.specialty,
      }));
      // 'Not Sure' visits have no provider yet: the calendar draws them apart, as Unassigned (issue 28).
      const placeholder = await repo.placeholderDoctor();

      return {
        officeId,
        officeName: office.name,
        timeZone: office.time_zone,
        from,
        to,
        days: Array.from({ length: span + 1 }, (_, i) => {
          const date = addDays(from, i);
          const row = hours.get(date);
          const day = row ? toDayHours(row) : null;
          return isClosedDay(day)
            ? { date, open: null, close: null, increments: null }
            : {
                date,
                open: slotKey(day!.openHour!),
                close: slotKey(day!.closeHour!),
                increments: day!.increments,
              };
        }),
        providers,
        unassignedDoctorId: placeholder?.id ?? null,
        appointments: shown.map((a) => ({
          appointmentId: a.id,
          doctorId: a.doctor_id,
          patientId: a.patient_id,
          patientName: fullName(a.patient_first_name, a.patient_last_name),
          date: a.appointment_date,
          time: slotKey(a.appointment_time),
          status: a.status,
          typeVisitLabel: visitTypeLabel(a.type_visit, a.voucher_name),
        })),
        truncated: rows.length > CALENDAR_MAX_APPOINTMENTS,
      };
    },

    /**
     * A visit moved on the calendar to another provider, day or time of its office (issue 15): the move rules
     * of an update (only a Scheduled visit; the slot open, ahead and with room; provider and patient free),
     * by staff who may move visits and run check-in at that office.
     */
    async move(actor: Actor, id: number, body: MoveAppointmentBody, audit: WriteAudit): Promise<Appointment> {
      assertDate(body.appointmentDate);
      const time = normalizeTime(body.appointmentTime);
      return changeLocked(id, 'any', audit, async (trx, row) => {
        await assertCheckInScope(trx, actor, row.office_id);
        await applyChanges(
          trx,
          actor,
          row,
          { doctorId: body.doctorId, appointmentDate: body.appointmentDate },
          time,
          undefined,
        );
      });
    },

    /**
     * Gives a visit booked with 'Not Sure' its provider (issue 28): the people and office scope of a move, the
     * booking rules for a provider (provider-assignment.ts), the audit row in the change's transaction.
     */
    async assign(
      actor: Actor,
      id: number,
      body: AssignProviderBody,
      audit: WriteAudit,
    ): Promise<Appointment> {
      return changeLocked(id, 'any', audit, async (trx, row) => {
        await assertCheckInScope(trx, actor, row.office_id);
        await assignProvider(trx, repo, row, body.doctorId);
      });
    },

    /** The network's cut-off for patients' own changes (GET /api/appointments/change-policy). */
    changePolicy(): ChangePolicy {
      return { cutoffHours: ctx.config.patientChangeCutoffHours };
    },

    /**
     * A patient cancels their own Scheduled visit, outside the cut-off (issue 14). The slot is free for
     * others from the commit on; a voucher the visit held is free for another visit.
     */
    async cancelOwn(actor: Actor, id: number, audit: WriteAudit): Promise<Appointment> {
      return changeLocked(id, { ownedBy: actor }, audit, async (trx, row) => {
        await assertPatientMayChange(trx, row);
        await moveStatus(trx, row, 'Canceled', actor);
      });
    },

    /**
     * A patient moves their own Scheduled visit, outside the cut-off, to another office, doctor, day or
     * time: every booking rule runs again in the same transaction, and the old slot is free at once.
     */
    async rescheduleOwn(
      actor: Actor,
      id: number,
      body: RescheduleBody,
      audit: WriteAudit,
    ): Promise<Appointment> {
      assertDate(body.appointmentDate);
      const time = normalizeTime(body.appointmentTime);
      return changeLocked(id, { ownedBy: actor }, audit, async (trx, row) => {
        await assertPatientMayChange(trx, row);
        await applyChanges(trx, actor, row, body, time, undefined);
      });
    },

    async delete(id: number, audit: WriteAudit): Promise<void> {
      await inTransaction(async (trx) => {
        const row = await repo.lockAppointment(trx, id);
        if (!row) throw notFound('Appointment not found.');
        audit.namePatient(row.patient_id);
        await repo.delete(trx, id);
        if (isLiveStatus(row.status)) await offerPlaceOf(trx, row);
        await audit.commit(trx, id, row.patient_id);
      });
    },

    /** Throws 400 for a date that does not exist and 403 unless the actor runs check-in at the office (§6). */
    async assertCheckInDay(actor: Actor, officeId: number, date: string): Promise<void> {
      assertDate(date, 'date');
      await assertCheckInScope(undefined, actor, officeId);
    },

    /** The latest status change of each appointment of an office-day in the actor's check-in scope. */
    async latestStatusChanges(actor: Actor, officeId: number, date: string): Promise<LatestStatusChange[]> {
      await this.assertCheckInDay(actor, officeId, date);
      const rows = await repo.latestStatusChanges(officeId, date, OFFICE_DAY_CHANGES_MAX);
      return rows.map((c) => ({
        appointmentId: c.id,
        fromStatus: c.from_status,
        toStatus: c.to_status,
        at: new Date(c.changed_at).toISOString(),
        by: c.changed_by_username,
        undo: c.undo,
      }));
    },

    /** Who moved the appointment to which status, and when (its patient, or staff who may read it). */
    async statusHistory(actor: Actor, id: number): Promise<{ patientId: number; changes: StatusChange[] }> {
      const row = await getVisible(actor, id);
      const changes = await repo.statusHistory(row.id, STATUS_HISTORY_MAX);
      return {
        patientId: row.patient_id,
        changes: changes.map((c) => ({
          fromStatus: c.from_status,
          toStatus: c.to_status,
          at: new Date(c.changed_at).toISOString(),
          by: c.changed_by_username,
          undo: c.undo,
        })),
      };
    },

    async calendar(actor: Actor, id: number): Promise<{ ics: string; patientId: number }> {
      const row = await getVisible(actor, id);
      return {
        ics: calendarFileOf(row, { now: now(), publicUrl: ctx.config.publicUrl }),
        patientId: row.patient_id,
      };
    },
  };
}

/** The patient a booking is for: a PATIENT's own record, whatever the body says; staff name one. */
function bookingPatientId(actor: Actor, body: Pick<AddAppointmentBody, 'patientId'>): number | null {
  if (actor.role === 'PATIENT') return actor.patientId;
  return body.patientId ?? null;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export function toAppointment(row: AppointmentRow): Appointment {
  return {
    appoinmentId: row.id,
    officeId: row.office_id,
    doctorId: row.doctor_id,
    diagCombId: row.diagnosis_combiner_id,
    authId: row.authorization_id,
    patientId: row.patient_id,
    appointmentDate: row.appointment_date,
    appointmentTime: slotKey(row.appointment_time),
    notes: row.notes,
    typeVisit: row.type_visit,
    typeVisitLabel: visitTypeLabel(row.type_visit, row.voucher_name),
    conformation: row.status,
    startsAt: iso(row.starts_at)!,
    timeZone: row.time_zone,
    patientName: fullName(row.patient_first_name, row.patient_last_name),
    doctorName: fullName(row.doctor_first_name, row.doctor_last_name),
    officeName: row.office_name,
    walkedInAt: iso(row.walked_in_at),
    inRoomAt: iso(row.in_room_at),
    completedAt: iso(row.completed_at),
    canceledAt: iso(row.canceled_at),
    noShowAt: iso(row.no_show_at),
    createdAt: iso(row.created_at)!,
  };
}
