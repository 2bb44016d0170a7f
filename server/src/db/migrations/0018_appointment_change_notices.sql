-- Issue 15, a live check-in board: every change of an appointment (booked, moved, a status, deleted), by any
-- path and on any app instance, is announced at commit on the channel every instance listens on, so that each
-- open board of that office and day refreshes at once (modules/appointments/live-board.ts). The payload names
-- only the office and the office-local day, '<office id>:<yyyy-mm-dd>': no patient data travels.
--
-- Statement-level triggers with transition tables: one announcement per office-day a statement touches,
-- however many rows (PostgreSQL also folds identical payloads of one transaction into one).

create function announce_appointment_days() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform pg_notify('clinic_appointments', d.office_id || ':' || to_char(d.appointment_date, 'YYYY-MM-DD'))
      from (select distinct office_id, appointment_date from inserted) d;
  elsif tg_op = 'UPDATE' then
    perform pg_notify('clinic_appointments', d.office_id || ':' || to_char(d.appointment_date, 'YYYY-MM-DD'))
      from (
        select office_id, appointment_date from updated_old
        union
        select office_id, appointment_date from updated_new
      ) d;
  else
    perform pg_notify('clinic_appointments', d.office_id || ':' || to_char(d.appointment_date, 'YYYY-MM-DD'))
      from (select distinct office_id, appointment_date from deleted) d;
  end if;
  return null;
end $$;

create trigger appointments_announce_insert
  after insert on appointments
  referencing new table as inserted
  for each statement
  execute function announce_appointment_days();

create trigger appointments_announce_update
  after update on appointments
  referencing old table as updated_old new table as updated_new
  for each statement
  execute function announce_appointment_days();

create trigger appointments_announce_delete
  after delete on appointments
  referencing old table as deleted
  for each statement
  execute function announce_appointment_days();
