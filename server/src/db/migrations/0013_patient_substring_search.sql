-- Patient search finds any part of a name (issue 13: "pg_trgm for substring search"; issue 15: 'son' finds
-- Johnson and Thompson), an e-mail address or a phone number, through trigram indexes that PostgreSQL and
-- PGlite both have: a three-letter piece is a bitmap scan of the index, never a scan of 200,000 patients.
-- Shorter terms keep the prefix match of the text_pattern_ops indexes on lower(first_name) and
-- lower(last_name) (migration 0001).
create extension if not exists pg_trgm;

create index patients_first_name_trgm_idx on patients using gin (lower(first_name) gin_trgm_ops);
create index patients_last_name_trgm_idx on patients using gin (lower(last_name) gin_trgm_ops);
create index patients_email_trgm_idx on patients using gin (lower(email) gin_trgm_ops);
-- Phone numbers are matched on their digits, whatever the punctuation they were typed with.
create index patients_phone_digits_trgm_idx on patients
  using gin ((regexp_replace(phone_number, '[^0-9]', '', 'g')) gin_trgm_ops);
create index patients_date_of_birth_idx on patients (date_of_birth);
