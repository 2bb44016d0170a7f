-- Authorizations, their diagnosis and procedure sets, and the visits that draw on them (issue 10,
-- docs/decisions/0029-authorizations-and-diagnosis-sets.md).

-- A code's kind as a column, so that a set's row can name the kind it expects and the database holds it:
-- a diagnosis set can only hold D codes and a procedure set only P codes. A code whose kind would change
-- while a set uses it is refused by the foreign key below.
alter table procedures add column kind text generated always as (upper(left(difference_code, 1))) stored;
alter table procedures add constraint procedures_kind_check check (upper(left(difference_code, 1)) in ('P', 'D'));
alter table procedures add constraint procedures_id_kind_key unique (id, kind);

-- The sets, one row per code, in the order they were entered. The spec's comma lists are rendered from
-- these rows at the module's boundary. A code cannot appear twice in one combiner (its kind decides which
-- set it is in), and a code that a set uses cannot be deleted.
create table diagnosis_combiner_codes (
  diagnosis_combiner_id integer not null references diagnosis_combiners (id) on delete cascade,
  kind text not null check (kind in ('D', 'P')),
  position smallint not null check (position >= 0),
  procedure_id integer not null,
  primary key (diagnosis_combiner_id, kind, position),
  unique (diagnosis_combiner_id, procedure_id),
  foreign key (procedure_id, kind) references procedures (id, kind) on delete restrict
);
create index diagnosis_combiner_codes_procedure_id_idx on diagnosis_combiner_codes (procedure_id);

insert into diagnosis_combiner_codes (diagnosis_combiner_id, kind, position, procedure_id)
select dc.id, 'D', (u.ord - 1)::smallint, p.id
from diagnosis_combiners dc
cross join lateral unnest(dc.diagnosis_set) with ordinality as u(code, ord)
join procedures p on p.code = upper(btrim(u.code)) and p.kind = 'D'
on conflict do nothing;

insert into diagnosis_combiner_codes (diagnosis_combiner_id, kind, position, procedure_id)
select dc.id, 'P', (u.ord - 1)::smallint, p.id
from diagnosis_combiners dc
cross join lateral unnest(dc.procedure_set) with ordinality as u(code, ord)
join procedures p on p.code = upper(btrim(u.code)) and p.kind = 'P'
on conflict do nothing;

alter table diagnosis_combiners drop column diagnosis_set;
alter table diagnosis_combiners drop column procedure_set;

-- Authorization rules: a positive weekly limit when there is one (null: no weekly limit).
alter table patient_authorizations add constraint patient_authorizations_weekly_limit_check
  check (weekly_visit_limit is null or weekly_visit_limit >= 1);
-- Target of the appointments' same-patient foreign key.
alter table patient_authorizations add constraint patient_authorizations_id_patient_key unique (id, patient_id);
-- The worklist: authorizations by end date.
create index patient_authorizations_day_end_idx on patient_authorizations (day_end, id) where active;

-- The authorization a visit draws on (visit burn-down): set when a visit of an insurance type is booked,
-- always one of the same patient's. Deleting the authorization only unlinks its visits.
alter table appointments add column authorization_id integer;
alter table appointments add constraint appointments_authorization_fkey
  foreign key (authorization_id, patient_id) references patient_authorizations (id, patient_id)
  on delete set null (authorization_id);
create index appointments_authorization_id_idx on appointments (authorization_id, appointment_date)
  where authorization_id is not null;

-- Visits already booked under an authorization's diagnosis set with an insurance type draw on it.
update appointments a
set authorization_id = dc.authorization_id
from diagnosis_combiners dc
where a.diagnosis_combiner_id = dc.id
  and a.type_visit not in ('eval', 'visit (pay)')
  and a.type_visit not like 'Voucher-%';
