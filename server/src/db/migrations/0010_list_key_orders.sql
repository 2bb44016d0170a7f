-- Every list is bounded and pages by key (issue 13): each key order a list walks has an index, so that a page
-- is an index range scan, never a sort of the whole table.

-- Appointment lists, in start order, whole or narrowed to a patient, an office, a doctor, a diagnosis set or a day.
create index appointments_start_order_idx on appointments (starts_at, id);
create index appointments_patient_start_idx on appointments (patient_id, starts_at, id);
create index appointments_office_start_idx on appointments (office_id, starts_at, id);
create index appointments_doctor_start_idx on appointments (doctor_id, starts_at, id);
create index appointments_diagnosis_combiner_start_idx on appointments (diagnosis_combiner_id, starts_at, id)
  where diagnosis_combiner_id is not null;
create index appointments_date_start_idx on appointments (appointment_date, starts_at, id);

-- Patients by name (All Patients, the list form of /patientinfo/all): the order of the page and of its key.
create index patients_name_order_idx on patients (lower(last_name), lower(first_name), id);

-- Staff accounts by username (users_username_key is on lower(username), for look-ups).
create index users_username_order_idx on users (username);

-- A points bank's receipts, newest first.
create index receipts_points_bank_order_idx on receipts (points_bank_id, id);
drop index receipts_points_bank_id_idx;
