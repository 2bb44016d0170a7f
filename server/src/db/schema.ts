import type { AppointmentStatus, SEX_OPTIONS } from '@clinic/contract/constants';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/**
 * Table types for Kysely, one interface per table of migrations/*.sql.
 * DATE and TIME columns are read as strings ('2026-11-22', '09:30:00'), bigint and numeric as numbers.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OfficesTable {
  id: Generated<number>;
  name: string;
  address: Generated<string>;
  description: Generated<string>;
  phone_number: Generated<string>;
  email: Generated<string>;
  office_key: string | null;
  /** Comma-separated image file names. */
  images: Generated<string>;
  /** IANA zone name, e.g. 'America/Chicago'. */
  time_zone: string;
  created_at: Generated<Date>;
}

export type DayOfWeek = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

export interface OfficeHoursTable {
  id: Generated<number>;
  office_id: number;
  /** Office-local day, 'yyyy-mm-dd'. */
  date: string;
  /** The weekday name on open days, 'Closed' (with null times) otherwise. */
  day_of_week: DayOfWeek | 'Closed';
  open_hour: string | null;
  close_hour: string | null;
  /** Appointments per 30-minute slot (the spec's "incraments"). */
  increments: Generated<number>;
}

export interface DoctorsTable {
  id: Generated<number>;
  office_id: number | null;
  first_name: string;
  last_name: Generated<string>;
  specialty: string;
  bio: Generated<string>;
  picture: Generated<string>;
  rating: Generated<number>;
  /** The 'Not Sure' doctor. */
  is_placeholder: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface InsurancesTable {
  id: Generated<number>;
  name: string;
  days: number | null;
  /** The spec's "authorization" ('Required' / 'Not required'); the word is reserved in SQL. */
  authorization_requirement: Generated<string>;
  ins_code: Generated<string>;
  address: Generated<string>;
  acceptance: Generated<string>;
  coverage_name: Generated<string>;
  picture: Generated<string>;
}

export interface ProceduresTable {
  id: Generated<number>;
  code: string;
  description: Generated<string>;
  /** The code kind; its first letter is P (procedure) or D (diagnosis). */
  difference_code: string;
  picture: Generated<string>;
  /** Generated: the first letter of difference_code, upper case ('P' or 'D'). */
  kind: GeneratedAlways<'P' | 'D'>;
}

export type Sex = (typeof SEX_OPTIONS)[number];

export interface PatientsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  date_of_birth: string | null;
  phone_number: Generated<string>;
  sex: Sex | null;
  notes: Generated<string>;
  visits: Generated<number>;
  /** The spec's nfWc. */
  nf_wc: Generated<string>;
  created_at: Generated<Date>;
}

export interface PatientPermissionsTable {
  id: Generated<number>;
  patient_id: number;
  allow_promotion_text: Generated<boolean>;
  allow_promotion_email: Generated<boolean>;
  allow_appointment_reminder_text: Generated<boolean>;
  allow_appointment_reminder_email: Generated<boolean>;
  allow_authorization_reminder_text: Generated<boolean>;
  allow_authorization_reminder_email: Generated<boolean>;
}

export interface PatientInsurancesTable {
  id: Generated<number>;
  patient_id: number;
  insurance_id: number;
  subscriber: Generated<string>;
  /** visit, double, acupuncture or custom values. */
  active: Generated<string[]>;
  co_pay: number | null;
  notes: Generated<string>;
}

export interface PatientAuthorizationsTable {
  id: Generated<number>;
  patient_id: number;
  /** The spec's inspt_id; must be a record of the same patient. */
  patient_insurance_id: number | null;
  referred_by: Generated<string>;
  auth_code: Generated<string>;
  day_start: string;
  day_end: string;
  visits: number | null;
  weekly_visit_limit: number | null;
  active: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface DiagnosisCombinersTable {
  id: Generated<number>;
  authorization_id: number;
}

/** One code of a combiner's diagnosis (D) or procedure (P) set, in entry order. */
export interface DiagnosisCombinerCodesTable {
  diagnosis_combiner_id: number;
  kind: 'P' | 'D';
  position: number;
  procedure_id: number;
}

export interface PointsBanksTable {
  id: Generated<number>;
  patient_id: number;
  /** Cached balance; changes only together with a points_ledger row. */
  total_points: Generated<number>;
}

export type PointsLedgerReason =
  | 'welcome'
  | 'appointment_completed'
  | 'rating_submitted'
  | 'purchase'
  | 'adjustment'
  | 'refund'
  /** An entry that takes back another (an undone completion's point; migration 0027). */
  | 'reversal';

export interface PointsLedgerTable {
  id: Generated<number>;
  points_bank_id: number;
  delta: number;
  reason: PointsLedgerReason;
  balance_before: number;
  balance_after: number;
  appointment_id: number | null;
  rating_id: number | null;
  receipt_id: number | null;
  actor_user_id: number | null;
  /** Why: required for a staff adjustment. */
  note: Generated<string | null>;
  created_at: Generated<Date>;
  /** A reversal: the entry it takes back, and that entry's amount (the opposite of this one's). */
  reverses_ledger_id: Generated<number | null>;
  reversed_delta: Generated<number | null>;
}

export interface InventoryItemsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  /** In points. */
  price: number;
  picture: Generated<string>;
  start_date: string;
  end_date: string;
  created_at: Generated<Date>;
}

export interface ReceiptsTable {
  id: Generated<number>;
  points_bank_id: number;
  inventory_item_id: number | null;
  /** The item's title at purchase time. */
  name: string;
  vouched: Generated<boolean>;
  amount_total: number;
  amount_before: number;
  amount_after: number;
  date: string;
  created_at: Generated<Date>;
}

export interface AppointmentsTable {
  id: Generated<number>;
  office_id: number;
  doctor_id: number;
  diagnosis_combiner_id: number | null;
  /** The authorization this visit draws on (visit burn-down); null for eval, visit (pay) and vouchers. */
  authorization_id: Generated<number | null>;
  patient_id: number;
  /** Office-local 'yyyy-mm-dd'. */
  appointment_date: string;
  /** Office-local 'HH:MM:SS'. */
  appointment_time: string;
  /** The same moment as an absolute instant. */
  starts_at: Timestamp;
  notes: Generated<string>;
  type_visit: string;
  voucher_receipt_id: number | null;
  /** The spec's "conformation". */
  status: Generated<AppointmentStatus>;
  walked_in_at: Date | null;
  in_room_at: Date | null;
  completed_at: Date | null;
  canceled_at: Date | null;
  no_show_at: Date | null;
  /** False only for the placeholder doctor. */
  doctor_exclusive: Generated<boolean>;
  created_by_user_id: number | null;
  created_at: Generated<Date>;
}

/** The SEQUENCE of a visit's calendar file: raised by a trigger whenever what the file says changes (migration 0028). */
export interface AppointmentCalendarSequencesTable {
  appointment_id: number;
  sequence: number;
}

/** One change of an appointment's status (migration 0017). */
export interface AppointmentStatusChangesTable {
  id: Generated<number>;
  appointment_id: number;
  from_status: AppointmentStatus;
  to_status: AppointmentStatus;
  changed_at: Generated<Date>;
  changed_by_user_id: number | null;
  changed_by_username: string | null;
  /** The change undid the one before it (one step back; migration 0027). */
  undo: Generated<boolean>;
}

/** A manager's correction of a shift, with the shift as it was before (migration 0019). */
export interface ClockLogCorrectionsTable {
  id: Generated<number>;
  clock_log_id: number;
  corrected_at: Generated<Date>;
  corrected_by_user_id: number | null;
  corrected_by_username: string | null;
  reason: string;
  before_clock_in: Date;
  before_clock_out: Date | null;
  // Written as JSON text; read back parsed.
  before_breaks: ColumnType<unknown, string, string>;
}

export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'expired' | 'left';

/** A patient waiting for a full office-day (migration 0015). */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  patient_id: number;
  office_id: number;
  /** null: any doctor. */
  doctor_id: number | null;
  /** Office-local 'yyyy-mm-dd'. */
  date: string;
  type_visit: string;
  status: Generated<WaitlistStatus>;
  /** Office-local 'HH:MM:SS' offered. */
  offered_time: string | null;
  offered_at: Date | null;
  offer_expires_at: Date | null;
  appointment_id: number | null;
  created_at: Generated<Date>;
}

export type RatingType = 'default' | 'patient';

/**
 * One row per completed appointment ('default', 100/100, written at completion; its scores become the
 * patient's when they rate by name) plus one unlinked 'patient' row per anonymous rating (decision 0031).
 */
export interface RatingsTable {
  id: Generated<number>;
  /** Null for an anonymous rating (the spec's appointment link 0). */
  appointment_id: number | null;
  patient_id: number | null;
  doctor_id: number | null;
  office_id: number | null;
  rating: number;
  office_rating: number;
  reason: Generated<string>;
  extra_notes: Generated<string>;
  anonymous: Generated<boolean>;
  type: Generated<RatingType>;
  /** Set on the appointment's row when the patient rated the visit (named or anonymously). */
  rated_at: Date | null;
  /** The visit's office-local date (the dashboard's date column and filter). */
  visit_date: string;
  created_at: Generated<Date>;
}

export interface ClockLogsTable {
  id: Generated<number>;
  doctor_id: number;
  work_date: string;
  clock_in: Timestamp;
  clock_out: Date | null;
  total_worked_minutes: number | null;
}

export interface ClockBreaksTable {
  id: Generated<number>;
  clock_log_id: number;
  break_start: Timestamp;
  break_end: Date | null;
}

export interface PromotionsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  picture: Generated<string>;
  status: Generated<number>;
  created_at: Generated<Date>;
}

export interface ContentsTable {
  id: Generated<number>;
  title: string;
  content_html: Generated<string>;
  font_size: Generated<number>;
  category: Generated<string>;
  /** The top-level menu name. */
  extra_data: Generated<string>;
  /** Comma-separated image URLs. */
  images: Generated<string>;
  is_markdown: Generated<boolean>;
  /** The Markdown the HTML was rendered from; '' for rich-text pages (0003). */
  markdown_source: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: 'ADMIN' | 'MANAGER' | 'FRONTDESK' | 'DOCTOR' | 'PATIENT';
  patient_id: number | null;
  doctor_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  password_changed_at: Generated<Date>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
  /** When the session was last used (0002); refreshed at most once a minute. */
  last_seen_at: Generated<Date>;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Date>;
  actor_user_id: number | null;
  actor_username: string | null;
  actor_role: string | null;
  action: 'read' | 'create' | 'update' | 'delete' | 'login' | 'logout' | 'search' | 'reset';
  resource: string;
  resource_id: string | null;
  patient_id: number | null;
  /** A bulk read: every patient whose data it returned (migration 0007). */
  patient_ids: number[] | null;
  outcome: 'success' | 'denied' | 'not_found' | 'refused' | 'error';
  ip: string | null;
  request_id: string | null;
  /** The inserting transaction; a row is sealed once it has certainly ended (migration 0008). */
  tx: Generated<string>;
  /** Set once by the sealer (audit_log_seal), never by the app. */
  seq: number | null;
  row_hash: Uint8Array | null;
}

/** Sealed audit rows moved out of audit_log by the archival path (platform/audit-chain.ts). */
/** A month of the audit log exported to a file and dropped (migration 0016). */
export interface AuditLogExportedMonthsTable {
  partition_name: string;
  month_start: Date;
  rows: number | string;
  file_name: string;
  file_sha256: string;
  exported_at: Generated<Date>;
}

/** A run of consecutive chain rows of an exported month, with the links around it (migration 0016). */
export interface AuditLogExportedRunsTable {
  first_seq: number | string;
  last_seq: number | string;
  hash_before: Buffer;
  last_hash: Buffer;
  partition_name: string;
}

export interface AuditLogArchiveTable {
  id: number;
  at: Date;
  actor_user_id: number | null;
  actor_username: string | null;
  actor_role: string | null;
  action: string;
  resource: string;
  resource_id: string | null;
  patient_id: number | null;
  patient_ids: number[] | null;
  outcome: string;
  ip: string | null;
  request_id: string | null;
  tx: string;
  seq: number;
  row_hash: Uint8Array;
  archived_at: Generated<Date>;
}

export interface SignInFailuresTable {
  scope: 'pair' | 'account' | 'address';
  key: string;
  failures: number;
  last_failure_at: Date;
  blocked_until: Date;
}

/** One client's calls to one limited route in its current window (migration 0030, platform/rate-limit.ts). */
export interface RequestLimitHitsTable {
  purpose: string;
  key: string;
  window_start: Date;
  expires_at: Date;
  hits: number;
}

export interface SignInKnownAddressesTable {
  username: string;
  address: string;
  last_success_at: Date;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Generated<Date>;
  sent_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** A send that must go out once names its key (migration 0020). */
  idempotency_key: string | null;
  /** 'sms': a text message, to_address a phone number (migration 0020). */
  channel: Generated<'email' | 'sms'>;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** A unit of background work (migration 0020, decision 0042). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  /** The patient the job writes to, if any (the messages outbox). */
  patient_id: number | null;
  idempotency_key: string;
  state: Generated<JobState>;
  run_at: ColumnType<Date, Date | undefined, Date>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: Date | null;
  last_error: string | null;
  outcome: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

export interface PasswordResetCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Date | null;
  attempts: Generated<number>;
}

export interface CaptchaChallengesTable {
  id: string;
  type: 'rotate' | 'slider' | 'click';
  answer: unknown;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Date | null;
}

/** One row: the number of patients, kept by triggers (migration 0011). */
export interface PatientsTotalTable {
  one: Generated<boolean>;
  n: string | number;
}

/** One row: the number of patients' ratings, kept by triggers (migration 0021). */
export interface RatingsTotalTable {
  one: Generated<boolean>;
  n: string | number;
}

/** The version of a set of data public answers are built from, bumped by triggers (migration 0022). */
export interface DataVersionsTable {
  name: string;
  version: string | number;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  audit_log_archive: AuditLogArchiveTable;
  audit_log_exported_months: AuditLogExportedMonthsTable;
  audit_log_exported_runs: AuditLogExportedRunsTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_known_addresses: SignInKnownAddressesTable;
  request_limit_hits: RequestLimitHitsTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  offices: OfficesTable;
  office_hours: OfficeHoursTable;
  waitlist_entries: WaitlistEntriesTable;
  appointment_status_changes: AppointmentStatusChangesTable;
  clock_log_corrections: ClockLogCorrectionsTable;
  doctors: DoctorsTable;
  insurances: InsurancesTable;
  procedures: ProceduresTable;
  patients: PatientsTable;
  patients_total: PatientsTotalTable;
  ratings_total: RatingsTotalTable;
  data_versions: DataVersionsTable;
  patient_permissions: PatientPermissionsTable;
  patient_insurances: PatientInsurancesTable;
  patient_authorizations: PatientAuthorizationsTable;
  diagnosis_combiners: DiagnosisCombinersTable;
  diagnosis_combiner_codes: DiagnosisCombinerCodesTable;
  points_banks: PointsBanksTable;
  points_ledger: PointsLedgerTable;
  inventory_items: InventoryItemsTable;
  receipts: ReceiptsTable;
  appointments: AppointmentsTable;
  appointment_calendar_sequences: AppointmentCalendarSequencesTable;
  ratings: RatingsTable;
  clock_logs: ClockLogsTable;
  clock_breaks: ClockBreaksTable;
  promotions: PromotionsTable;
  contents: ContentsTable;
  password_reset_codes: PasswordResetCodesTable;
  captcha_challenges: CaptchaChallengesTable;
}
