-- An audit row's outcome may be 'refused' (issue 28, item 11; docs/decisions/0057): a call whose input was refused
-- (a 400, a 409, ...) was recorded as an 'error', the outcome of a failure of the server. The new check admits
-- every value the old one did, so the rows already written need no scan (NOT VALID): a new row is checked as
-- before, and a month's partition made later inherits the check.
alter table audit_log drop constraint audit_log_outcome_check;
alter table audit_log add constraint audit_log_outcome_check
  check (outcome in ('success', 'denied', 'not_found', 'refused', 'error')) not valid;
