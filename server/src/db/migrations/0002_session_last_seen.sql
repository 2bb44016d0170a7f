-- Server-side inactivity expiry (spec §4, §9: automatic logout after 5 minutes without activity).
-- last_seen_at is when the session was last used; access control refuses a session that has not been
-- used for the inactivity limit and refreshes the column at most once a minute per session, so that
-- keeping it costs one small write a minute per active user (docs/decisions on session inactivity).
alter table sessions add column last_seen_at timestamptz not null default now();
