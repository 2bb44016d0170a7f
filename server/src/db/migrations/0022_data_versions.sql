-- A version number for data that public lists are built from (issue 13), so an app instance can keep the
-- answer it built and know, with one indexed read, whether it is still right. The spec's whole care-team list
-- (up to 2,000 doctors, ~180 KB) cost 100-160 ms to read, shape and serialise on every anonymous visit, though
-- it changes a few times a day.
--
-- A statement-level trigger bumps the row of the data it belongs to in the writing transaction: the new
-- version commits (or rolls back) with the change and is seen by every instance at once. A reader reads the
-- version before it reads the data, so an answer is never filed under a version newer than what it shows.
create table data_versions (
  name text primary key,
  version bigint not null default 0 check (version >= 0)
);
-- 'directory': doctors and offices (the care team, the office list and what they show of each other).
insert into data_versions (name) values ('directory');

create function data_versions_bump() returns trigger language plpgsql as $$
begin
  update data_versions set version = version + 1 where name = tg_argv[0];
  return null;
end $$;

create trigger doctors_directory_version after insert or update or delete or truncate on doctors
  for each statement execute function data_versions_bump('directory');
create trigger offices_directory_version after insert or update or delete or truncate on offices
  for each statement execute function data_versions_bump('directory');
