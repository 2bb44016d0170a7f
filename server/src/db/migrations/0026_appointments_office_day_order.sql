-- An office's day in start order (issue 13): GET /api/appointments/by-office-and-date, the check-in board's
-- list. The (office_id, appointment_date, appointment_time) index found the day's rows, which were then
-- fetched from all over the table and sorted to return the first page (a busy office's day on the scale
-- network: 160 rows from 144 blocks, 1.07 ms). This index holds the day in the list's order, so a page reads
-- only its own rows (0.26 ms). The other index stays: it serves the slot counts, which look up one time.
create index appointments_office_day_start_idx on appointments (office_id, appointment_date, starts_at, id);
