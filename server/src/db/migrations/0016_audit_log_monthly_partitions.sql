-- The audit log is partitioned by month (issue 13, "Audit growth": at a network's scale it grows by some 10,000
-- rows a minute; docs/decisions/0039). The rows so far are copied, unchanged (id, tx, seq and row_hash
-- included), into a partitioned table with one partition per calendar month (UTC), plus a default partition
-- that only ever catches a row whose month has no partition yet. Months are made ahead by
-- audit_log_ensure_partitions, at every start and hourly. Old months leave whole: `npm run audit:archive`
-- exports a month's sealed rows to a compressed file, records the file and the chain's links around it in
-- audit_log_exported_months, and then drops the partition.

drop trigger audit_log_append_only on audit_log;
drop trigger audit_log_no_truncate on audit_log;
alter table audit_log rename to audit_log_before_partitions;
-- Its index names are the parent's from now on.
drop index audit_log_at_idx, audit_log_patient_idx, audit_log_actor_idx, audit_log_patient_ids_idx,
  audit_log_seq_key, audit_log_unsealed_idx, audit_log_action_idx, audit_log_actor_name_idx;
alter table audit_log_before_partitions rename constraint audit_log_pkey to audit_log_before_partitions_pkey;
-- Its identity's sequence (audit_log_id_seq) goes; the parent's ids continue from a sequence of that name.
alter table audit_log_before_partitions alter column id drop identity;

create sequence audit_log_id_seq as bigint;
select setval('audit_log_id_seq', coalesce((select max(id) from audit_log_before_partitions), 0) + 1, false);

create table audit_log (
  id bigint not null default nextval('audit_log_id_seq'),
  at timestamptz not null default now(),
  actor_user_id integer,
  actor_username text,
  actor_role text,
  action text not null constraint audit_log_action_check
    check (action in ('read', 'create', 'update', 'delete', 'login', 'logout', 'search', 'reset')),
  resource text not null,
  resource_id text,
  patient_id integer,
  outcome text not null constraint audit_log_outcome_check
    check (outcome in ('success', 'denied', 'not_found', 'error')),
  ip text,
  request_id text,
  patient_ids integer[] constraint audit_log_patient_ids_bounded
    check (patient_ids is null or cardinality(patient_ids) between 1 and 1000),
  tx xid8 not null default pg_current_xact_id(),
  seq bigint,
  row_hash bytea,
  constraint audit_log_sealed_together check ((seq is null) = (row_hash is null)),
  primary key (id, at)
) partition by range (at);
alter sequence audit_log_id_seq owned by audit_log.id;

create table audit_log_default partition of audit_log default;

create index audit_log_at_idx on audit_log (at desc);
create index audit_log_patient_idx on audit_log (patient_id, at desc) where patient_id is not null;
create index audit_log_actor_idx on audit_log (actor_user_id, at desc);
create index audit_log_patient_ids_idx on audit_log using gin (patient_ids) where patient_ids is not null;
-- Unique across months by construction: one sealer at a time numbers the rows (advisory lock in
-- audit_log_seal); a unique index on a partitioned table would have to include the month.
create index audit_log_seq_idx on audit_log (seq);
create index audit_log_unsealed_idx on audit_log (id) where seq is null;
create index audit_log_action_idx on audit_log (action, id desc);
create index audit_log_actor_name_idx on audit_log (lower(actor_username), id desc)
  where actor_username is not null;

-- Row triggers on the parent apply to every partition; TRUNCATE is refused on the parent and on each partition.
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_guard();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_guard();
create trigger audit_log_no_truncate before truncate on audit_log_default
  for each statement execute function audit_log_guard();

-- One month's partition, 'audit_log_yyyy_mm', for the UTC month holding `month`; nothing when it exists.
create function audit_log_create_partition(month timestamptz) returns boolean
  language plpgsql
  as $$
declare
  start_at timestamptz := date_trunc('month', month at time zone 'UTC') at time zone 'UTC';
  name text := 'audit_log_' || to_char(month at time zone 'UTC', 'YYYY_MM');
begin
  if to_regclass(name) is not null then
    return false;
  end if;
  execute format('create table %I partition of audit_log for values from (%L) to (%L)',
    name, start_at, start_at + interval '1 month');
  execute format('create trigger audit_log_no_truncate before truncate on %I '
    || 'for each statement execute function audit_log_guard()', name);
  return true;
exception when check_violation then
  -- The default partition already holds rows of that month (its partition was late): they stay there, and
  -- the archive command moves them row by row.
  return false;
end
$$;

-- The partitions of this month and the next `months_ahead`; returns how many were made.
create function audit_log_ensure_partitions(months_ahead integer) returns integer
  language plpgsql
  as $$
declare
  made integer := 0;
begin
  for i in 0..months_ahead loop
    if audit_log_create_partition(now() + make_interval(months => i)) then
      made := made + 1;
    end if;
  end loop;
  return made;
end
$$;

-- A partition for every month the rows so far were written in, then the rows, unchanged.
select audit_log_create_partition(m)
  from (select distinct date_trunc('month', at at time zone 'UTC') at time zone 'UTC' as m
          from audit_log_before_partitions) months;
select audit_log_ensure_partitions(2);
insert into audit_log
  (id, at, actor_user_id, actor_username, actor_role, action, resource, resource_id, patient_id, outcome, ip,
   request_id, patient_ids, tx, seq, row_hash)
select id, at, actor_user_id, actor_username, actor_role, action, resource, resource_id, patient_id, outcome,
  ip, request_id, patient_ids, tx, seq, row_hash
  from audit_log_before_partitions;
drop table audit_log_before_partitions;

-- Each exported month: its file and how many rows it holds.
create table audit_log_exported_months (
  partition_name text primary key,
  month_start timestamptz not null,
  rows bigint not null check (rows >= 0),
  file_name text not null,
  file_sha256 text not null,
  exported_at timestamptz not null default now()
);

-- The chain's links around an exported month. A month's rows are mostly one run of consecutive sequence
-- numbers, but a transaction that spans the turn of a month can interleave them with the next month's; each run
-- keeps the hash before its first row and its last row's hash, so the chain is verified across every gap.
create table audit_log_exported_runs (
  first_seq bigint primary key,
  last_seq bigint not null check (last_seq >= first_seq),
  hash_before bytea not null,
  last_hash bytea not null,
  partition_name text not null references audit_log_exported_months (partition_name)
);

create function audit_log_exported_guard() returns trigger
  language plpgsql
  as $$
begin
  raise exception '% is append-only: % is refused', tg_table_name, tg_op
    using errcode = 'insufficient_privilege';
end
$$;
create trigger audit_log_exported_months_append_only before update or delete on audit_log_exported_months
  for each row execute function audit_log_exported_guard();
create trigger audit_log_exported_runs_append_only before update or delete on audit_log_exported_runs
  for each row execute function audit_log_exported_guard();
