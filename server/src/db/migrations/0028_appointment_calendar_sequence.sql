-- Issue 28: a calendar file of a visit keeps its UID across changes, and calendar apps take a file of the same
-- UID as newer only when its SEQUENCE is higher (RFC 5545 §3.8.7.4); without one they may keep the old time.
-- The counter goes up in the very statement that changes what the file says (the time, the office, the
-- provider, or a cancellation), by whichever path: a booking's edit, a patient's or the desk's move, the
-- calendar's drag, a cancel. Notes and the type of visit are not in the file (nothing clinical), so they
-- leave it alone; so do the check-in steps. A visit never changed has no row (its SEQUENCE is 0).
--
-- A table of its own rather than a column of appointments: the appointment lists' plans are chosen on the
-- table's width until it is analyzed, and a visit's SEQUENCE is read only with the visit itself.
create table appointment_calendar_sequences (
  appointment_id integer primary key references appointments (id) on delete cascade,
  sequence integer not null check (sequence > 0)
);

create function bump_appointment_calendar_sequence() returns trigger language plpgsql as $$
begin
  insert into appointment_calendar_sequences (appointment_id, sequence) values (new.id, 1)
    on conflict (appointment_id) do update set sequence = appointment_calendar_sequences.sequence + 1;
  return null;
end $$;

create trigger appointments_calendar_sequence
  after update of starts_at, appointment_date, appointment_time, office_id, doctor_id, status on appointments
  for each row
  when (
    (old.starts_at, old.appointment_date, old.appointment_time, old.office_id, old.doctor_id,
      old.status in ('Canceled', 'No Show'))
    is distinct from
    (new.starts_at, new.appointment_date, new.appointment_time, new.office_id, new.doctor_id,
      new.status in ('Canceled', 'No Show'))
  )
  execute function bump_appointment_calendar_sequence();
