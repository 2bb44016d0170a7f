-- Undoing a check-in status set by mistake (issue 28, docs/decisions/0054).
--
-- An undo is a change of its own in the visit's status history, marked as such, and always exactly one step
-- back along the state machine (Canceled is never undone).
alter table appointment_status_changes add column undo boolean not null default false;
alter table appointment_status_changes add constraint appointment_status_changes_undo_step_check
  check (
    not undo
    or (from_status, to_status) in (
      ('Walked In', 'Scheduled'),
      ('In Room', 'Walked In'),
      ('Completed', 'In Room'),
      ('No Show', 'Scheduled')
    )
  );

-- Undoing a completion takes its point back with a new ledger entry that reverses the award, never by editing
-- it: a 'reversal' names the entry it reverses and carries the opposite amount (the composite key below makes
-- the database check both), and an entry is reversed at most once. Completing the visit again reverses that
-- reversal, so the chain award, reversal, reversal ... always adds up to 0 or the award.
alter table points_ledger drop constraint points_ledger_reason_check;
alter table points_ledger add constraint points_ledger_reason_check
  check (reason in ('welcome', 'appointment_completed', 'rating_submitted', 'purchase', 'adjustment', 'refund', 'reversal'));
alter table points_ledger add column reverses_ledger_id integer;
alter table points_ledger add column reversed_delta integer;
alter table points_ledger add constraint points_ledger_id_delta_key unique (id, delta);
alter table points_ledger add constraint points_ledger_reverses_fkey
  foreign key (reverses_ledger_id, reversed_delta) references points_ledger (id, delta);
alter table points_ledger add constraint points_ledger_reversal_check
  check (
    (reason = 'reversal') = (reverses_ledger_id is not null)
    and (reverses_ledger_id is null) = (reversed_delta is null)
    and (reversed_delta is null or reversed_delta = -delta)
  );
create unique index points_ledger_reverses_key on points_ledger (reverses_ledger_id)
  where reverses_ledger_id is not null;
-- An appointment's award stays once per reason; its reversals (linked to it too) are not awards.
drop index points_ledger_appointment_key;
create unique index points_ledger_appointment_key on points_ledger (appointment_id, reason)
  where appointment_id is not null and reason <> 'reversal';
