-- The number of patients, kept by the database itself (issue 13): the All Patients page shows "of N" on every
-- page, and counting 200,000 rows per page view was most of that page's cost. Statement-level triggers with
-- transition tables add and subtract whole statements' rows, so a bulk insert costs one update, and the count
-- commits or rolls back with the rows it counts.
create table patients_total (
  one boolean primary key default true check (one),
  n bigint not null check (n >= 0)
);
insert into patients_total (n) select count(*) from patients;

create function patients_total_added() returns trigger language plpgsql as $$
begin
  update patients_total set n = n + (select count(*) from added);
  return null;
end $$;

create function patients_total_removed() returns trigger language plpgsql as $$
begin
  update patients_total set n = n - (select count(*) from removed);
  return null;
end $$;

create function patients_total_emptied() returns trigger language plpgsql as $$
begin
  update patients_total set n = 0;
  return null;
end $$;

create trigger patients_total_insert after insert on patients
  referencing new table as added for each statement execute function patients_total_added();
create trigger patients_total_delete after delete on patients
  referencing old table as removed for each statement execute function patients_total_removed();
create trigger patients_total_truncate after truncate on patients
  for each statement execute function patients_total_emptied();
