import { RELEASED_STATUSES } from '@clinic/contract/appointment-status';
import type { AppointmentStatus } from '@clinic/contract/constants';
import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database';
import type { AppointmentsTable, DB } from '../../db/schema';
import type { InstantIdKey } from '../../platform/key-paging';

/** All SQL of the appointments domain. Functions that must run inside the booking transaction take `trx`. */
type Executor = Kysely<DB> | Transaction<DB>;

const released = [...RELEASED_STATUSES];

export interface AppointmentFilter {
  patientId?: number | null;
  officeId?: number;
  doctorId?: number;
  diagnosisCombinerId?: number;
  date?: string;
}

function listQuery(db: Executor) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('offices as o', 'o.id', 'a.office_id')
    .innerJoin('doctors as d', 'd.id', 'a.doctor_id')
    .innerJoin('patients as p', 'p.id', 'a.patient_id')
    .leftJoin('receipts as r', 'r.id', 'a.voucher_receipt_id')
    .select([
      'a.id',
      'a.office_id',
      'a.doctor_id',
      'a.diagnosis_combiner_id',
      'a.authorization_id',
      'a.patient_id',
      'a.appointment_date',
      'a.appointment_time',
      'a.starts_at',
      'a.notes',
      'a.type_visit',
      'a.voucher_receipt_id',
      'a.status',
      'a.walked_in_at',
      'a.in_room_at',
      'a.completed_at',
      'a.canceled_at',
      'a.no_show_at',
      'a.created_at',
      'o.name as office_name',
      'o.time_zone',
      'o.address as office_address',
      'o.phone_number as office_phone',
      'd.first_name as doctor_first_name',
      'd.last_name as doctor_last_name',
      'p.first_name as patient_first_name',
      'p.last_name as patient_last_name',
      'r.name as voucher_name',
    ]);
}

export type AppointmentRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof listQuery>['executeTakeFirst']>>
>;

/** A visit read on its own, with what only its calendar file needs. */
export type AppointmentRecord = AppointmentRow & { calendar_sequence: number };

export function createAppointmentsRepository(db: Database) {
  return {
    /** One visit, with its calendar file's SEQUENCE (lists leave it out: their pages do not need it). */
    findById(id: number, executor: Executor = db): Promise<AppointmentRecord | undefined> {
      return listQuery(executor)
        .leftJoin('appointment_calendar_sequences as cs', 'cs.appointment_id', 'a.id')
        .select(sql<number>`coalesce(cs.sequence, 0)`.as('calendar_sequence'))
        .where('a.id', '=', id)
        .executeTakeFirst();
    },

    /** One page of the filtered appointments in start order, after `after` (docs/architecture.md, Lists). */
    listPage(filter: AppointmentFilter, after: InstantIdKey | undefined, take: number) {
      let query = listQuery(db);
      // A row comparison, which the (…, starts_at, id) indexes serve as a range.
      if (after) query = query.where(sql<boolean>`(a.starts_at, a.id) > (${after.at}, ${after.id})`);
      if (filter.patientId != null) query = query.where('a.patient_id', '=', filter.patientId);
      if (filter.officeId !== undefined) query = query.where('a.office_id', '=', filter.officeId);
      if (filter.doctorId !== undefined) query = query.where('a.doctor_id', '=', filter.doctorId);
      if (filter.diagnosisCombinerId !== undefined) {
        query = query.where('a.diagnosis_combiner_id', '=', filter.diagnosisCombinerId);
      }
      if (filter.date !== undefined) query = query.where('a.appointment_date', '=', filter.date);
      return query.orderBy('a.starts_at').orderBy('a.id').limit(take).execute();
    },

    findOffice(id: number, executor: Executor = db) {
      return executor
        .selectFrom('offices')
        .select(['id', 'name', 'time_zone', 'phone_number'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findDoctor(id: number, executor: Executor = db) {
      return executor
        .selectFrom('doctors')
        .select(['id', 'office_id', 'specialty', 'is_placeholder'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findPatient(id: number, executor: Executor = db) {
      return executor.selectFrom('patients').select(['id']).where('id', '=', id).executeTakeFirst();
    },

    /** The office of a staff member's own doctor record (check-in scope of §6). */
    async officeOfDoctor(doctorId: number, executor: Executor = db): Promise<number | null> {
      const row = await executor
        .selectFrom('doctors')
        .select('office_id')
        .where('id', '=', doctorId)
        .executeTakeFirst();
      return row?.office_id ?? null;
    },

    findOfficeDay(officeId: number, date: string, executor: Executor = db) {
      return executor
        .selectFrom('office_hours')
        .select(['id', 'day_of_week', 'open_hour', 'close_hour', 'increments'])
        .where('office_id', '=', officeId)
        .where('date', '=', date)
        .executeTakeFirst();
    },

    /**
     * Locks the office's hours row of that day until the transaction ends: bookings of one office-day take
     * turns, so counting and inserting cannot interleave and the slot capacity holds under concurrency.
     */
    lockOfficeDay(trx: Transaction<DB>, officeId: number, date: string) {
      return trx
        .selectFrom('office_hours')
        .select(['id', 'day_of_week', 'open_hour', 'close_hour', 'increments'])
        .where('office_id', '=', officeId)
        .where('date', '=', date)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * The office's open days from `from` on, in date order, at most `limit` of them (closed days are rows
     * too: 'Closed' or without times).
     */
    openDaysFrom(officeId: number, from: string, limit: number) {
      return db
        .selectFrom('office_hours')
        .select(['date', 'day_of_week', 'open_hour', 'close_hour', 'increments'])
        .where('office_id', '=', officeId)
        .where('date', '>=', from)
        .where('day_of_week', '<>', 'Closed')
        .where('open_hour', 'is not', null)
        .where('close_hour', 'is not', null)
        .orderBy('date')
        .limit(limit)
        .execute();
    },

    /** The last day the office has published open hours for (read backwards along (office_id, date)). */
    async lastOpenDay(officeId: number): Promise<string | null> {
      const row = await db
        .selectFrom('office_hours')
        .select('date')
        .where('office_id', '=', officeId)
        .where('day_of_week', '<>', 'Closed')
        .where('open_hour', 'is not', null)
        .where('close_hour', 'is not', null)
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.date ?? null;
    },

    /** Taken places (live appointments and held offers) per 'date|time' of the office's days from..to. */
    async liveCountsByDateTime(officeId: number, from: string, to: string): Promise<Map<string, number>> {
      const [live, held] = await Promise.all([
        db
          .selectFrom('appointments')
          .select(['appointment_date', 'appointment_time', sql<number>`count(*)::int`.as('count')])
          .where('office_id', '=', officeId)
          .where('appointment_date', '>=', from)
          .where('appointment_date', '<=', to)
          .where('status', 'not in', released)
          .groupBy(['appointment_date', 'appointment_time'])
          .execute(),
        db
          .selectFrom('waitlist_entries')
          .select([
            'date as appointment_date',
            sql<string>`offered_time`.as('appointment_time'),
            sql<number>`count(*)::int`.as('count'),
          ])
          .where('office_id', '=', officeId)
          .where('date', '>=', from)
          .where('date', '<=', to)
          .where('status', '=', 'offered')
          .where('offer_expires_at', '>', sql<Date>`now()`)
          .groupBy(['date', 'offered_time'])
          .execute(),
      ]);
      const counts = new Map<string, number>();
      for (const r of [...live, ...held]) {
        const key = `${r.appointment_date}|${r.appointment_time}`;
        counts.set(key, (counts.get(key) ?? 0) + Number(r.count));
      }
      return counts;
    },

    /** The office-local 'date|time' starts of a doctor's own live visits on the days from..to. */
    async doctorLiveTimes(doctorId: number, from: string, to: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('appointments')
        .select(['appointment_date', 'appointment_time'])
        .where('doctor_id', '=', doctorId)
        .where('appointment_date', '>=', from)
        .where('appointment_date', '<=', to)
        .where('doctor_exclusive', '=', true)
        .where('status', 'not in', released)
        .execute();
      return new Set(rows.map((r) => `${r.appointment_date}|${r.appointment_time}`));
    },

    /**
     * Taken places per start time of one office-day: live appointments and the places held for waitlist
     * offers (migration 0015).
     */
    async liveCountsByTime(officeId: number, date: string): Promise<Map<string, number>> {
      const counts = await this.liveCountsByDateTime(officeId, date, date);
      return new Map([...counts].map(([key, count]) => [key.slice(date.length + 1), count]));
    },

    /**
     * Taken places of one slot: its live appointments (but `excludeId`, the one being moved) and the places
     * held for open waitlist offers (but `heldFor`, the offer being taken).
     */
    async countLiveInSlot(
      trx: Transaction<DB>,
      slot: { officeId: number; date: string; time: string },
      excludeId: number | null,
      heldFor: number | null = null,
    ): Promise<number> {
      let query = trx
        .selectFrom('appointments')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('office_id', '=', slot.officeId)
        .where('appointment_date', '=', slot.date)
        .where('appointment_time', '=', slot.time)
        .where('status', 'not in', released);
      if (excludeId !== null) query = query.where('id', '<>', excludeId);
      let held = trx
        .selectFrom('waitlist_entries')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('office_id', '=', slot.officeId)
        .where('date', '=', slot.date)
        .where('offered_time', '=', slot.time)
        .where('status', '=', 'offered')
        .where('offer_expires_at', '>', sql<Date>`now()`);
      if (heldFor !== null) held = held.where('id', '<>', heldFor);
      const [row, heldRow] = await Promise.all([
        query.executeTakeFirstOrThrow(),
        held.executeTakeFirstOrThrow(),
      ]);
      return Number(row.count) + Number(heldRow.count);
    },

    async doctorHasLiveAppointment(
      trx: Transaction<DB>,
      slot: { doctorId: number; date: string; time: string },
      excludeId: number | null,
    ): Promise<boolean> {
      let query = trx
        .selectFrom('appointments')
        .select('id')
        .where('doctor_id', '=', slot.doctorId)
        .where('appointment_date', '=', slot.date)
        .where('appointment_time', '=', slot.time)
        .where('doctor_exclusive', '=', true)
        .where('status', 'not in', released);
      if (excludeId !== null) query = query.where('id', '<>', excludeId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async patientHasLiveAppointmentAt(
      trx: Transaction<DB>,
      patientId: number,
      startsAt: Date,
      excludeId: number | null,
    ): Promise<boolean> {
      let query = trx
        .selectFrom('appointments')
        .select('id')
        .where('patient_id', '=', patientId)
        .where('starts_at', '=', startsAt)
        .where('status', 'not in', released);
      if (excludeId !== null) query = query.where('id', '<>', excludeId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** A receipt with the patient it belongs to, locked so that two bookings cannot both spend it. */
    lockReceipt(trx: Transaction<DB>, receiptId: number) {
      return trx
        .selectFrom('receipts')
        .innerJoin('points_banks', 'points_banks.id', 'receipts.points_bank_id')
        .select(['receipts.id', 'receipts.vouched', 'points_banks.patient_id'])
        .where('receipts.id', '=', receiptId)
        .forUpdate()
        .executeTakeFirst();
    },

    async voucherInLiveUse(
      trx: Transaction<DB>,
      receiptId: number,
      excludeId: number | null,
    ): Promise<boolean> {
      let query = trx
        .selectFrom('appointments')
        .select('id')
        .where('voucher_receipt_id', '=', receiptId)
        .where('status', 'not in', released);
      if (excludeId !== null) query = query.where('id', '<>', excludeId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** The active lists of the patient's insurance records (type-of-visit choices of §5). */
    async insuranceActiveLists(patientId: number, executor: Executor = db): Promise<string[][]> {
      const rows = await executor
        .selectFrom('patient_insurances')
        .select('active')
        .where('patient_id', '=', patientId)
        .execute();
      return rows.map((r) => r.active ?? []);
    },

    /** The authorization a diagnosis combiner belongs to, and that authorization's patient. */
    diagnosisCombinerOwner(id: number, executor: Executor = db) {
      return executor
        .selectFrom('diagnosis_combiners')
        .innerJoin(
          'patient_authorizations',
          'patient_authorizations.id',
          'diagnosis_combiners.authorization_id',
        )
        .select(['diagnosis_combiners.authorization_id', 'patient_authorizations.patient_id'])
        .where('diagnosis_combiners.id', '=', id)
        .executeTakeFirst();
    },

    /** The patient's active authorization whose dates include `date`: latest start first, then latest entered. */
    async coveringAuthorization(
      trx: Transaction<DB>,
      patientId: number,
      date: string,
    ): Promise<number | null> {
      const row = await trx
        .selectFrom('patient_authorizations')
        .select('id')
        .where('patient_id', '=', patientId)
        .where('active', '=', true)
        .where('day_start', '<=', date)
        .where('day_end', '>=', date)
        .orderBy('day_start', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * Locks an authorization's row until the transaction ends: visits that draw on one authorization take
     * turns, so counting its visits and booking one more cannot interleave (the last visit goes once).
     */
    lockAuthorization(trx: Transaction<DB>, id: number) {
      return trx
        .selectFrom('patient_authorizations')
        .select(['id', 'auth_code', 'active', 'day_start', 'day_end', 'visits', 'weekly_visit_limit'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * The visits drawing on an authorization, other than `excludeId`: completed (used), live (scheduled),
     * and those of either kind in the week `from`..`to`. Canceled and No Show visits count for nothing.
     * One pass over the authorization's rows, found by the leading column of the (authorization_id,
     * appointment_date) index; the week is a plain date range on the column.
     */
    async authorizationUse(
      trx: Transaction<DB>,
      authorizationId: number,
      week: { from: string; to: string },
      excludeId: number | null,
    ): Promise<{ used: number; scheduled: number; inWeek: number }> {
      let query = trx
        .selectFrom('appointments')
        .select([
          sql<number>`count(*) filter (where status = 'Completed')::int`.as('used'),
          sql<number>`count(*) filter (where status in ('Scheduled', 'Walked In', 'In Room'))::int`.as(
            'scheduled',
          ),
          sql<number>`count(*) filter (where appointment_date between ${week.from}::date and ${week.to}::date)::int`.as(
            'in_week',
          ),
        ])
        .where('authorization_id', '=', authorizationId)
        .where('status', 'not in', released);
      if (excludeId !== null) query = query.where('id', '<>', excludeId);
      const row = await query.executeTakeFirstOrThrow();
      return { used: Number(row.used), scheduled: Number(row.scheduled), inWeek: Number(row.in_week) };
    },

    async insert(trx: Transaction<DB>, values: Insertable<AppointmentsTable>): Promise<number> {
      const row = await trx
        .insertInto('appointments')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The appointment row itself, locked until the transaction ends (status changes and edits take turns). */
    lockAppointment(trx: Transaction<DB>, id: number) {
      return trx.selectFrom('appointments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async updateFields(trx: Transaction<DB>, id: number, values: AppointmentChanges): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await trx.updateTable('appointments').set(values).where('id', '=', id).execute();
    },

    /**
     * Moves the status only if it is still `from` (a conditional update: of two racing calls, one wins),
     * records when the new status was reached and the change with who made it, in the same transaction.
     * An undo (one step back) also forgets when the undone status was reached. Returns whether this call
     * made the move.
     */
    async moveStatus(
      trx: Transaction<DB>,
      id: number,
      from: AppointmentStatus,
      to: AppointmentStatus,
      at: Date,
      by: { userId: number | null; username: string | null },
      undo = false,
    ): Promise<boolean> {
      const reached = STATUS_TIME_COLUMN[to];
      const forgotten = undo ? STATUS_TIME_COLUMN[from] : null;
      const result = await trx
        .updateTable('appointments')
        .set({
          status: to,
          ...(reached && !undo ? { [reached]: at } : {}),
          ...(forgotten ? { [forgotten]: null } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('appointment_status_changes')
        .values({
          appointment_id: id,
          from_status: from,
          to_status: to,
          changed_at: at,
          changed_by_user_id: by.userId,
          changed_by_username: by.username,
          undo,
        })
        .execute();
      return true;
    },

    /** The office's hours rows of a date range (the calendar's days), in date order. */
    officeHoursBetween(officeId: number, from: string, to: string) {
      return db
        .selectFrom('office_hours')
        .select(['date', 'day_of_week', 'open_hour', 'close_hour', 'increments'])
        .where('office_id', '=', officeId)
        .where('date', '>=', from)
        .where('date', '<=', to)
        .orderBy('date')
        .execute();
    },

    /**
     * The office's providers for the calendar: its doctor records but the staff roles that see no
     * patients, by name, at most `limit`; the 'Not Sure' placeholder is not one of them.
     */
    officeClinicians(officeId: number, staffSpecialties: readonly string[], limit: number) {
      return db
        .selectFrom('doctors')
        .select(['id', 'first_name', 'last_name', 'specialty'])
        .where('office_id', '=', officeId)
        .where('is_placeholder', '=', false)
        .where(sql<string>`upper(specialty)`, 'not in', [...staffSpecialties])
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The 'Not Sure' placeholder doctor, whose visits any provider may take. */
    placeholderDoctor() {
      return db
        .selectFrom('doctors')
        .select('id')
        .where('is_placeholder', '=', true)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * The visits of an office over a date range, every status, in the office's wall-clock order (the
     * (office_id, appointment_date, appointment_time) index), at most `limit`.
     */
    calendarAppointments(officeId: number, from: string, to: string, limit: number) {
      return db
        .selectFrom('appointments as a')
        .innerJoin('patients as p', 'p.id', 'a.patient_id')
        .leftJoin('receipts as r', 'r.id', 'a.voucher_receipt_id')
        .select([
          'a.id',
          'a.doctor_id',
          'a.patient_id',
          'a.appointment_date',
          'a.appointment_time',
          'a.status',
          'a.type_visit',
          'p.first_name as patient_first_name',
          'p.last_name as patient_last_name',
          'r.name as voucher_name',
        ])
        .where('a.office_id', '=', officeId)
        .where('a.appointment_date', '>=', from)
        .where('a.appointment_date', '<=', to)
        .orderBy('a.appointment_date')
        .orderBy('a.appointment_time')
        .orderBy('a.id')
        .limit(limit)
        .execute();
    },

    /** An appointment's status changes, oldest first (bounded: a visit has few). */
    statusHistory(appointmentId: number, limit: number) {
      return db
        .selectFrom('appointment_status_changes')
        .select(['from_status', 'to_status', 'changed_at', 'changed_by_username', 'undo'])
        .where('appointment_id', '=', appointmentId)
        .orderBy('changed_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The latest status change of each appointment of an office-day that has one (bounded by `limit`). */
    latestStatusChanges(officeId: number, date: string, limit: number) {
      return db
        .selectFrom('appointments as a')
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('appointment_status_changes as c')
              .select(['c.from_status', 'c.to_status', 'c.changed_at', 'c.changed_by_username', 'c.undo'])
              .whereRef('c.appointment_id', '=', 'a.id')
              .orderBy('c.changed_at', 'desc')
              .orderBy('c.id', 'desc')
              .limit(1)
              .as('c'),
          (join) => join.onTrue(),
        )
        .select(['a.id', 'c.from_status', 'c.to_status', 'c.changed_at', 'c.changed_by_username', 'c.undo'])
        .where('a.office_id', '=', officeId)
        .where('a.appointment_date', '=', date)
        .orderBy('a.id')
        .limit(limit)
        .execute();
    },

    async markReceiptVouched(trx: Transaction<DB>, receiptId: number, vouched = true): Promise<void> {
      await trx.updateTable('receipts').set({ vouched }).where('id', '=', receiptId).execute();
    },

    /** The appointment's own rating row (the default one, or the patient's named rating), if any. */
    ratingOf(trx: Transaction<DB>, appointmentId: number) {
      return trx
        .selectFrom('ratings')
        .select(['id', 'rated_at'])
        .where('appointment_id', '=', appointmentId)
        .executeTakeFirst();
    },

    async deleteRating(trx: Transaction<DB>, id: number): Promise<void> {
      await trx.deleteFrom('ratings').where('id', '=', id).execute();
    },

    /** The default rating of a completed visit (§4), unless the appointment already has one. */
    async createDefaultRating(
      trx: Transaction<DB>,
      appointment: {
        id: number;
        patient_id: number;
        doctor_id: number;
        office_id: number;
        appointment_date: string;
      },
      rating: number,
    ): Promise<boolean> {
      const existing = await trx
        .selectFrom('ratings')
        .select('id')
        .where('appointment_id', '=', appointment.id)
        .executeTakeFirst();
      if (existing) return false;
      await trx
        .insertInto('ratings')
        .values({
          appointment_id: appointment.id,
          patient_id: appointment.patient_id,
          doctor_id: appointment.doctor_id,
          office_id: appointment.office_id,
          rating,
          office_rating: rating,
          reason: '',
          extra_notes: '',
          anonymous: false,
          type: 'default',
          visit_date: appointment.appointment_date,
        })
        .execute();
      return true;
    },

    async incrementVisits(trx: Transaction<DB>, patientId: number, by = 1): Promise<void> {
      await trx
        .updateTable('patients')
        .set({ visits: sql<number>`visits + ${by}` })
        .where('id', '=', patientId)
        .execute();
    },

    async delete(trx: Transaction<DB>, id: number): Promise<void> {
      await trx.deleteFrom('appointments').where('id', '=', id).execute();
    },

    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
  };
}

/** What an edit may change; status moves go through moveStatus. */
export type AppointmentChanges = Pick<
  Updateable<AppointmentsTable>,
  | 'office_id'
  | 'doctor_id'
  | 'diagnosis_combiner_id'
  | 'authorization_id'
  | 'appointment_date'
  | 'appointment_time'
  | 'starts_at'
  | 'notes'
  | 'type_visit'
  | 'voucher_receipt_id'
  | 'doctor_exclusive'
>;

export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;

/** Where reaching each status is recorded (the schema's checks require it). */
const STATUS_TIME_COLUMN: Record<
  AppointmentStatus,
  'walked_in_at' | 'in_room_at' | 'completed_at' | 'canceled_at' | 'no_show_at' | null
> = {
  Scheduled: null,
  'Walked In': 'walked_in_at',
  'In Room': 'in_room_at',
  Completed: 'completed_at',
  Canceled: 'canceled_at',
  'No Show': 'no_show_at',
};
