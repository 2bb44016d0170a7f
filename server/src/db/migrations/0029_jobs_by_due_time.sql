-- Issue 28: the messages outbox (GET /api/messages, /messages) lists jobs by due time, the latest first, or
-- within a window (today, the next 24 hours) in the order they go out, a page at a time with the last row's
-- (run_at, id) as the key. Each of its reads walks one of these indexes in that order: every message, one
-- patient's, those of a state. They replace the (…, id) indexes that served the order by id.
create index jobs_run_at_idx on jobs (run_at, id);
drop index jobs_patient_idx;
create index jobs_patient_run_at_idx on jobs (patient_id, run_at, id) where patient_id is not null;
drop index jobs_state_idx;
create index jobs_state_run_at_idx on jobs (state, run_at, id);

-- A page's key travels as a JavaScript instant (milliseconds): a due time with microseconds (now()'s) would
-- compare above its own key, and the rows sharing it would be skipped by the next page. The app sets due
-- times in milliseconds; the default and the rows written by it so far are brought to the same precision.
alter table jobs alter column run_at set default date_trunc('milliseconds', now());
update jobs set run_at = date_trunc('milliseconds', run_at) where run_at <> date_trunc('milliseconds', run_at);
alter table jobs add constraint jobs_run_at_milliseconds check (run_at = date_trunc('milliseconds', run_at));
