-- Per-address request limits shared by every app instance (issue 28, item 13; docs/decisions/0056). The limits on
-- registration, password-reset requests, code checks and the captcha were counted in each process's memory, so
-- two instances allowed twice the budget and a restart forgot it. One row counts one client's calls to one
-- limited route (`purpose`) in the current window: `key` is the client's address (or, for staff registering at a
-- desk, their account); the window starts at the client's first call and ends at `expires_at`, and the first
-- call after that starts a new one. A call counts itself in one statement (insert ... on conflict), so no count
-- is lost between instances; the writes remove rows whose window has ended, a batch at a time.
create table request_limit_hits (
  purpose text not null check (length(purpose) between 1 and 200),
  key text not null check (length(key) between 1 and 200),
  window_start timestamptz not null,
  expires_at timestamptz not null check (expires_at > window_start),
  hits integer not null check (hits >= 1),
  primary key (purpose, key)
);
create index request_limit_hits_expires_idx on request_limit_hits (expires_at);
