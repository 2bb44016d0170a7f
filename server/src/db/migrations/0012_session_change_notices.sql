-- Issue 13, cheap requests: each app instance keeps the sessions it has checked in memory for up to a minute
-- instead of reading the session row on every request. Whatever can end a session or change who it speaks
-- for announces itself here, at commit, on the channel every instance listens on, so that a logout, a
-- revoked or expired session, or an account's new role reaches every instance's memory at once
-- (platform/auth/session-cache.ts). Recording use (last_seen_at moving forward) announces nothing.

-- The payload names what changed: 'session:<uuid>' or 'user:<id>' (the trigger's argument is the kind).
create function announce_session_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('clinic_sessions', tg_argv[0] || ':' || old.id::text);
  return null;
end $$;

create trigger sessions_announce_change
  after update on sessions
  for each row
  when (
    new.revoked_at is distinct from old.revoked_at
    or new.expires_at is distinct from old.expires_at
    or new.user_id is distinct from old.user_id
    or new.last_seen_at < old.last_seen_at
  )
  execute function announce_session_change('session');

create trigger sessions_announce_delete
  after delete on sessions
  for each row
  execute function announce_session_change('session');

create trigger users_announce_change
  after update on users
  for each row
  when (
    new.username is distinct from old.username
    or new.role is distinct from old.role
    or new.patient_id is distinct from old.patient_id
    or new.doctor_id is distinct from old.doctor_id
    or new.password_hash is distinct from old.password_hash
  )
  execute function announce_session_change('user');

create trigger users_announce_delete
  after delete on users
  for each row
  execute function announce_session_change('user');
