-- The sealer (migration 0008) read its batch as `select a.id, audit_row_text(to_jsonb(a)) ... order by a.id
-- limit batch`. On the partitioned log (migration 0016) PostgreSQL computed each row's canonical text before
-- sorting, for every unsealed row, not for the batch: with 190,000 rows waiting (a few minutes of a network's
-- busy day, or a scale benchmark) each batch of 1,000 took 2.4 s of the database's CPU, so the sealer fell further
-- behind the busier the log got and took a core from every other query while it did. A month's partition with no
-- statistics yet made it worse: PostgreSQL guessed few unsealed rows and read them all to sort them.
--
-- Now the batch is read as whole rows straight off the unsealed rows' index in id order (sorting is priced out for
-- this function, so the plan does not depend on the partition's statistics), the text is made for the batch's rows
-- only, and the batch is sealed by one update that finds each row in its own month's partition (id and at), not
-- by an update per row looked up in every month's. The
-- chain is unchanged: the same rows, in the same order, hashed from the same text. The index by sequence number
-- holds sealed rows only (below): a row written no longer costs an entry there until it is sealed.
create or replace function audit_log_seal(batch integer) returns integer
  language plpgsql
  set enable_sort = off
  as $$
declare
  horizon xid8;
  head_seq bigint;
  head_hash bytea;
  r record;
  ids bigint[] := '{}';
  ats timestamptz[] := '{}';
  seqs bigint[] := '{}';
  hashes bytea[] := '{}';
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
    select a.id, a.at, a as whole
      from audit_log a
      where a.seq is null and a.tx < horizon
      order by a.id
      limit batch
  loop
    head_seq := head_seq + 1;
    head_hash := sha256(head_hash || convert_to(audit_row_text(to_jsonb(r.whole)), 'UTF8'));
    ids := ids || r.id;
    ats := ats || r.at;
    seqs := seqs || head_seq;
    hashes := hashes || head_hash;
  end loop;
  update audit_log a set seq = s.seq, row_hash = s.row_hash
    from unnest(ids, ats, seqs, hashes) as s(id, at, seq, row_hash)
    where a.id = s.id and a.at = s.at;
  return cardinality(ids);
end
$$;

-- Every read the sealer and the chain's walkers make by sequence number is of sealed rows (seq > n, seq = n, the
-- head): the index need not hold the rows waiting to be sealed, and a row no longer costs an entry in it when it is
-- written, only when it is sealed.
drop index audit_log_seq_idx;
create index audit_log_seq_idx on audit_log (seq) where seq is not null;
