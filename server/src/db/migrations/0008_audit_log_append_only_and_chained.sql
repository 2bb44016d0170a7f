-- The audit log is append-only and tamper-evident (issue 12, item 4; docs/decisions/0032).
--
-- Rows are inserted as before. A sealer (audit_log_seal) later gives each committed row, in turn, a sequence
-- number and a hash chained to the previous row's: row_hash = sha256(previous row_hash || the row's canonical
-- text). Sealing after commit, rather than chaining at insert under one lock, keeps audited transactions from
-- queueing behind each other. Only rows whose inserting transaction has certainly ended are sealed: `tx` records
-- that transaction, and every transaction older than the snapshot's xmin is finished.

alter table audit_log add column tx xid8 not null default pg_current_xact_id();
alter table audit_log add column seq bigint;
alter table audit_log add column row_hash bytea;
alter table audit_log add constraint audit_log_sealed_together
  check ((seq is null) = (row_hash is null));
create unique index audit_log_seq_key on audit_log (seq);
create index audit_log_unsealed_idx on audit_log (id) where seq is null;

-- Archival is its own path: sealed rows older than the retention floor move, unchanged, to this table, which is
-- append-only too; the chain is verified across both.
create table audit_log_archive (
  id bigint primary key,
  at timestamptz not null,
  actor_user_id integer,
  actor_username text,
  actor_role text,
  action text not null,
  resource text not null,
  resource_id text,
  patient_id integer,
  patient_ids integer[],
  outcome text not null,
  ip text,
  request_id text,
  tx xid8 not null,
  seq bigint not null unique,
  row_hash bytea not null,
  archived_at timestamptz not null default now()
);

-- The text a row's hash covers: every column but the seal itself and the archive's bookkeeping, as jsonb text
-- (keys in a fixed order), nulls left out so that a column added later does not change older rows' text.
-- Callers set TimeZone to UTC so that timestamps always read the same.
create function audit_row_text(doc jsonb) returns text
  language sql immutable
  as $$ select (jsonb_strip_nulls(doc - 'seq' - 'row_hash' - 'archived_at'))::text $$;

create function audit_log_guard() returns trigger
  language plpgsql
  as $$
begin
  if tg_op = 'TRUNCATE' then
    raise exception 'audit_log is append-only: TRUNCATE is refused' using errcode = 'insufficient_privilege';
  end if;
  if tg_op = 'UPDATE' then
    -- The sealer's one change: setting the seal, once, with every other column as it was.
    if current_setting('clinic.audit_sealing', true) = 'on'
      and old.seq is null and new.seq is not null
      and (to_jsonb(new) - 'seq' - 'row_hash') = (to_jsonb(old) - 'seq' - 'row_hash') then
      return new;
    end if;
    raise exception 'audit_log is append-only: UPDATE is refused' using errcode = 'insufficient_privilege';
  end if;
  -- DELETE: only the archival path, and only for a row already copied, unchanged, into the archive.
  if current_setting('clinic.audit_archiving', true) = 'on'
    and exists (select 1 from audit_log_archive a where a.id = old.id and a.seq = old.seq and a.row_hash = old.row_hash) then
    return old;
  end if;
  raise exception 'audit_log is append-only: DELETE is refused' using errcode = 'insufficient_privilege';
end
$$;

create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_guard();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_guard();

create function audit_log_archive_guard() returns trigger
  language plpgsql
  as $$
begin
  raise exception 'audit_log_archive is append-only: % is refused', tg_op using errcode = 'insufficient_privilege';
end
$$;

create trigger audit_log_archive_append_only before update or delete on audit_log_archive
  for each row execute function audit_log_archive_guard();
create trigger audit_log_archive_no_truncate before truncate on audit_log_archive
  for each statement execute function audit_log_archive_guard();

-- Seals up to `batch` finished rows in id order, continuing the chain from its head (in the log or, after an
-- archival that took every sealed row, in the archive). One sealer at a time across instances (advisory lock).
create function audit_log_seal(batch integer) returns integer
  language plpgsql
  as $$
declare
  horizon xid8;
  head_seq bigint;
  head_hash bytea;
  r record;
  sealed integer := 0;
begin
  perform pg_advisory_xact_lock(724002);
  perform set_config('clinic.audit_sealing', 'on', true);
  perform set_config('TimeZone', 'UTC', true);
  horizon := pg_snapshot_xmin(pg_current_snapshot());
  select h.seq, h.row_hash into head_seq, head_hash
    from (
      (select seq, row_hash from audit_log where seq is not null order by seq desc limit 1)
      union all
      (select seq, row_hash from audit_log_archive order by seq desc limit 1)
    ) h
    order by h.seq desc
    limit 1;
  head_seq := coalesce(head_seq, 0);
  head_hash := coalesce(head_hash, ''::bytea);
  for r in
    select a.id, audit_row_text(to_jsonb(a)) as body
      from audit_log a
      where a.seq is null and a.tx < horizon
      order by a.id
      limit batch
  loop
    head_seq := head_seq + 1;
    head_hash := sha256(head_hash || convert_to(r.body, 'UTF8'));
    update audit_log set seq = head_seq, row_hash = head_hash where id = r.id;
    sealed := sealed + 1;
  end loop;
  return sealed;
end
$$;

-- Indexes of the admin audit page's filters (newest first within each).
create index audit_log_action_idx on audit_log (action, id desc);
create index audit_log_actor_name_idx on audit_log (lower(actor_username), id desc) where actor_username is not null;
