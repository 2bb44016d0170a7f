-- Every audited call writes a row to audit_log, and every index on it is another write per call (issue 13: the
-- patient read, which writes its audit row in the same statement, served 0.41x of a bare read). No query reads
-- the log by actor_user_id: the audit page filters by the actor's username (audit_log_actor_name_idx), and the
-- log is append-only, so no user deletion ever looks its rows up to change them. The index only cost writes.
drop index audit_log_actor_idx;
