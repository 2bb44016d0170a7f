-- Rewards shop, point adjustments and patient ratings (issue 11,
-- docs/decisions/0031-rewards-ratings-and-anonymity.md).

-- A staff adjustment says why; the ledger keeps who (actor_user_id) and why (note).
alter table points_ledger add column note text check (note is null or length(note) <= 500);
alter table points_ledger add constraint points_ledger_adjustment_note_check
  check (reason <> 'adjustment' or (note is not null and btrim(note) <> ''));
-- A receipt is refunded at most once.
create unique index points_ledger_refund_key on points_ledger (receipt_id) where reason = 'refund';

-- Items on sale on a day are found by their end date (those still running), then their start.
create index inventory_items_end_date_idx on inventory_items (end_date, id);

-- Ratings. Completing a visit writes the appointment's 'default' row (100/100). When the patient rates the
-- visit, rated_at is set on that row, so a visit is rated once. A named rating writes its scores into that
-- row ('patient'); an anonymous one leaves it at the defaults and writes its scores in a row of its own
-- that links neither the appointment nor the patient (the spec's appointment link 0), only the doctor,
-- the office and the visit's date: nobody, admins and the database included, can tie it to the patient.
alter table ratings add column rated_at timestamptz;
alter table ratings add column visit_date date;
update ratings r set visit_date = a.appointment_date from appointments a where a.id = r.appointment_id;
update ratings set visit_date = (created_at at time zone 'UTC')::date where visit_date is null;
alter table ratings alter column visit_date set not null;
update ratings set type = 'default' where type is null or type not in ('default', 'patient');
update ratings set rated_at = created_at where type = 'patient' and not anonymous;
alter table ratings alter column type set default 'default';
alter table ratings alter column type set not null;
alter table ratings add constraint ratings_type_check check (type in ('default', 'patient'));
-- Scores a patient gives are whole numbers 1 to 10; 100 is only the default.
alter table ratings add constraint ratings_patient_scale_check
  check (type <> 'patient' or (rating between 1 and 10 and office_rating between 1 and 10));
alter table ratings add constraint ratings_anonymous_unlinked_check
  check (not anonymous or (appointment_id is null and patient_id is null and type = 'patient'));
alter table ratings add constraint ratings_named_rated_check check (type <> 'patient' or anonymous or rated_at is not null);

-- The ratings dashboard: patients' ratings, newest visit first, optionally for one doctor or one office.
create index ratings_list_idx on ratings (visit_date desc, id desc) where type = 'patient';
create index ratings_doctor_list_idx on ratings (doctor_id, visit_date desc, id desc) where type = 'patient';
create index ratings_office_list_idx on ratings (office_id, visit_date desc, id desc) where type = 'patient';
