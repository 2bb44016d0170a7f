-- The number of patients' ratings, kept by the database itself (issue 13): the ratings dashboard shows the
-- total of its list on every page, and counting 50,000 ratings per page view was most of that call's cost.
-- As for patients_total (0011): statement-level triggers with transition tables add and subtract whole
-- statements' rows, and the count commits or rolls back with the rows it counts. Filtered totals (a doctor,
-- an office, a date range) are still counted, over the rows that match.
create table ratings_total (
  one boolean primary key default true check (one),
  n bigint not null check (n >= 0)
);
insert into ratings_total (n) select count(*) from ratings where type = 'patient';

create function ratings_total_added() returns trigger language plpgsql as $$
begin
  update ratings_total set n = n + (select count(*) from added where type = 'patient');
  return null;
end $$;

create function ratings_total_removed() returns trigger language plpgsql as $$
begin
  update ratings_total set n = n - (select count(*) from removed where type = 'patient');
  return null;
end $$;

create function ratings_total_changed() returns trigger language plpgsql as $$
begin
  update ratings_total
    set n = n + (select count(*) from added where type = 'patient')
              - (select count(*) from removed where type = 'patient');
  return null;
end $$;

create function ratings_total_emptied() returns trigger language plpgsql as $$
begin
  update ratings_total set n = 0;
  return null;
end $$;

create trigger ratings_total_insert after insert on ratings
  referencing new table as added for each statement execute function ratings_total_added();
create trigger ratings_total_delete after delete on ratings
  referencing old table as removed for each statement execute function ratings_total_removed();
create trigger ratings_total_update after update on ratings
  referencing old table as removed new table as added for each statement execute function ratings_total_changed();
create trigger ratings_total_truncate after truncate on ratings
  for each statement execute function ratings_total_emptied();
