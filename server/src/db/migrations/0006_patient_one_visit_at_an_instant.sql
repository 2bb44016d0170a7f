-- A patient holds at most one live appointment at an instant (issue 12). The doctor's slot is a unique index
-- already; the booking's check of the patient ran under the office-day lock only, so two front desks booking
-- one patient at two offices at the same moment could both succeed. starts_at is the absolute instant, so
-- 10:00 in Austin and 09:00 in Denver are the same key.
create unique index appointments_patient_instant_key on appointments (patient_id, starts_at)
  where status not in ('Canceled', 'No Show');
