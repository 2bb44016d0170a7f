-- Audit rows say who and about whom (issue 12, item 3).
-- A bulk read (patient list and search, appointments of an office or a day, preferences list) names every
-- patient whose data it returned. The list is bounded by the route's maximum page size; a GIN index lets the
-- audit page find a patient's bulk reads as well as the rows that name them alone.
alter table audit_log add column patient_ids integer[];
alter table audit_log add constraint audit_log_patient_ids_bounded
  check (patient_ids is null or cardinality(patient_ids) between 1 and 1000);
create index audit_log_patient_ids_idx on audit_log using gin (patient_ids) where patient_ids is not null;

-- Sign-in, sign-out and password reset rows record the account: actor_username is the username that was
-- tried (known or not), actor_user_id the account it names when there is one. A reset is its own action.
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('read', 'create', 'update', 'delete', 'login', 'logout', 'search', 'reset'));
