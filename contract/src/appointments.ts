import { type Static, Type } from 'typebox';
import { CursorPageQuery, IsoDate, WallTime } from './common';

/** Integer ids as path, query and body values: positive and within PostgreSQL's integer. */
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const AppointmentStatusSchema = Type.Union([
  Type.Literal('Scheduled'),
  Type.Literal('Walked In'),
  Type.Literal('In Room'),
  Type.Literal('Completed'),
  Type.Literal('Canceled'),
  Type.Literal('No Show'),
]);

/**
 * An appointment as the spec's calls send it (§3 Appointment, with its spellings appoinmentId and
 * conformation). appointmentDate and appointmentTime are the office's wall clock; startsAt is the same
 * moment as an absolute instant, timeZone the office's zone. The names let lists show who, where and with
 * whom without a call per card.
 */
export const Appointment = Type.Object({
  appoinmentId: Type.Integer(),
  officeId: Type.Integer(),
  doctorId: Type.Integer(),
  diagCombId: Type.Union([Type.Integer(), Type.Null()]),
  /** The authorization the visit draws on (visit burn-down); null for eval, visit (pay) and vouchers. */
  authId: Type.Union([Type.Integer(), Type.Null()]),
  patientId: Type.Integer(),
  appointmentDate: Type.String({ description: 'Office-local yyyy-mm-dd' }),
  appointmentTime: Type.String({ description: 'Office-local HH:MM' }),
  notes: Type.String(),
  typeVisit: Type.String(),
  /** The type of visit in people's words (a voucher by its reward's name: 'Voucher: {name}'). */
  typeVisitLabel: Type.String(),
  conformation: AppointmentStatusSchema,
  startsAt: Type.String({ description: 'ISO instant' }),
  timeZone: Type.String({ description: "The office's IANA time zone" }),
  patientName: Type.String(),
  doctorName: Type.String(),
  officeName: Type.String(),
  walkedInAt: NullableString,
  inRoomAt: NullableString,
  completedAt: NullableString,
  canceledAt: NullableString,
  noShowAt: NullableString,
  createdAt: Type.String(),
});
export type Appointment = Static<typeof Appointment>;

export const AppointmentList = Type.Array(Appointment);

/**
 * POST /api/appointments/add. A PATIENT books for themselves (patientId is taken from the session, never
 * from here); staff name the patient. New appointments always start Scheduled, whatever conformation says.
 * Extra fields (a record sent back as received) are ignored.
 */
export const AddAppointmentBody = Type.Object({
  patientId: Type.Optional(Type.Union([Id, Type.Null()])),
  officeId: Id,
  doctorId: Id,
  diagCombId: Type.Optional(Type.Union([Id, Type.Null()])),
  appointmentDate: IsoDate,
  appointmentTime: WallTime,
  notes: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  typeVisit: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
});
export type AddAppointmentBody = Static<typeof AddAppointmentBody>;

/** The booking answer (spec §7: success and message); appoinmentId on success, error code on failure. */
export const AddAppointmentResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  appoinmentId: Type.Optional(Type.Integer()),
  error: Type.Optional(Type.String()),
});
export type AddAppointmentResponse = Static<typeof AddAppointmentResponse>;

/** PUT /api/appointments/update/{id} (ADMIN): the popup's fields; an omitted field keeps its value. */
export const UpdateAppointmentBody = Type.Object({
  officeId: Type.Optional(Id),
  doctorId: Type.Optional(Id),
  diagCombId: Type.Optional(Type.Union([Id, Type.Null()])),
  appointmentDate: Type.Optional(IsoDate),
  appointmentTime: Type.Optional(WallTime),
  notes: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  typeVisit: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
  conformation: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
});
export type UpdateAppointmentBody = Static<typeof UpdateAppointmentBody>;

export const UpdateConformationBody = Type.Object({
  conformation: Type.String({ minLength: 1, maxLength: 40, description: 'The new status' }),
});
export type UpdateConformationBody = Static<typeof UpdateConformationBody>;

/**
 * POST /api/appointments/{id}/undo-status (issue 28): the status being undone, as the desk saw it. The visit
 * goes back to the status before it in its history; a visit no longer in that status answers 409, so that a
 * second click or another desk never undoes twice.
 */
export const UndoStatusBody = Type.Object(
  { conformation: AppointmentStatusSchema },
  { additionalProperties: false },
);
export type UndoStatusBody = Static<typeof UndoStatusBody>;

export const UpdateTypeVisitQuery = Type.Object({
  oldVisit: Type.String({ minLength: 1, maxLength: 100 }),
  newVisit: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
});
export type UpdateTypeVisitQuery = Static<typeof UpdateTypeVisitQuery>;

export const DeleteAppointmentResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });

/**
 * With a doctorId, a slot that doctor already has a live visit in counts as booked too (the spec's answer
 * shape stays); 'Not Sure' (the placeholder doctor) takes any free slot.
 */
export const AvailableTimesQuery = Type.Object({ officeId: Id, date: IsoDate, doctorId: Type.Optional(Id) });
export type AvailableTimesQuery = Static<typeof AvailableTimesQuery>;

/** GET /api/appointments/next-available: the first free slot from `date` on, for the office (and doctor). */
export const NextAvailableQuery = AvailableTimesQuery;
export type NextAvailableQuery = Static<typeof NextAvailableQuery>;

/**
 * date and time: the first office-local day from the asked date (or the office's today) with a slot free
 * for the doctor, and that slot; null when none within NEXT_AVAILABLE_SEARCH_DAYS days of published hours.
 * lastDate: the last day the office has published open hours for (the date picker's bound), or null.
 */
export const NextAvailableResponse = Type.Object({
  date: Type.Union([IsoDate, Type.Null()]),
  time: Type.Union([Type.String(), Type.Null()]),
  lastDate: Type.Union([IsoDate, Type.Null()]),
});
export type NextAvailableResponse = Static<typeof NextAvailableResponse>;
/** How many days of published hours the next-available search looks through. */
export const NEXT_AVAILABLE_SEARCH_DAYS = 90;

/** Office-local HH:MM starts of the day's 30-minute slots; bookedSlots are the full ones among them. */
export const AvailableTimesResponse = Type.Object({
  allSlots: Type.Array(Type.String()),
  bookedSlots: Type.Array(Type.String()),
});
export type AvailableTimesResponse = Static<typeof AvailableTimesResponse>;

export const AppointmentIdParams = Type.Object({ id: Id });
export const AppointmentDateParams = Type.Object({ date: IsoDate });
/** The most appointments one page of a list holds, and the page size when none is asked for. */
export const APPOINTMENT_PAGE_MAX = 500;
export const APPOINTMENT_PAGE_DEFAULT = 50;

/** The paging of every appointment list: in start order, the next page's cursor in the `Link` header. */
export const AppointmentPageQuery = CursorPageQuery(APPOINTMENT_PAGE_MAX);
export type AppointmentPageQuery = Static<typeof AppointmentPageQuery>;

export const AllAppointmentsQuery = Type.Object({
  patientId: Type.Optional(Id),
  ...AppointmentPageQuery.properties,
});
export const OfficeDateQuery = Type.Object({
  officeId: Id,
  date: IsoDate,
  ...AppointmentPageQuery.properties,
});

/** GET /api/appointments/{id}/status-history: each change of the status, oldest first (issue 15). */
export const StatusChange = Type.Object({
  fromStatus: AppointmentStatusSchema,
  toStatus: AppointmentStatusSchema,
  /** When (ISO instant). */
  at: Type.String(),
  /** The username of who made it; null when unknown. */
  by: Type.Union([Type.String(), Type.Null()]),
  /** The change undid the status before it (one step back; decision 0054). */
  undo: Type.Boolean(),
});
export type StatusChange = Static<typeof StatusChange>;
/** The most status changes one visit keeps in its answer (a visit moves a handful of times). */
export const STATUS_HISTORY_MAX = 100;
export const StatusHistory = Type.Array(StatusChange, { maxItems: STATUS_HISTORY_MAX });

/** The office-day a live board watches (GET /api/appointments/live) or whose latest changes it shows. */
export const OfficeDayQuery = Type.Object({ officeId: Id, date: IsoDate });
export type OfficeDayQuery = Static<typeof OfficeDayQuery>;

/**
 * GET /api/appointments/latest-status-changes?officeId=&date= (issue 15): for each appointment of the
 * office-day whose status has changed, its latest change, for the check-in cards' 'who and when'.
 */
export const LatestStatusChange = Type.Object({
  appointmentId: Type.Integer(),
  ...StatusChange.properties,
});
export type LatestStatusChange = Static<typeof LatestStatusChange>;
/** The most appointments one office-day's latest changes cover (far above a day's capacity). */
export const OFFICE_DAY_CHANGES_MAX = APPOINTMENT_PAGE_MAX * 4;
export const LatestStatusChanges = Type.Array(LatestStatusChange, { maxItems: OFFICE_DAY_CHANGES_MAX });
