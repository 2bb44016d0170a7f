import type { OpenedDatabase } from '@clinic/server/src/db/database';
import { sql } from 'kysely';

/** The size of a large network (issue 13), each overridable for a quicker run. */
export interface NetworkSize {
  offices: number;
  doctors: number;
  patients: number;
  appointments: number;
  ratings: number;
}

export const LARGE_NETWORK: NetworkSize = {
  offices: 100,
  doctors: 1_000,
  patients: 200_000,
  appointments: 2_000_000,
  ratings: 50_000,
};

/** Half-hour slots a doctor works a day (08:00 to 16:00). */
const SLOTS_PER_DAY = 16;
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
];
const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Chris',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
];

const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/**
 * Adds a network of `size` to a migrated database (on top of the demo seed, whose accounts the benchmark signs
 * in with), with set-based SQL: one statement per table, generate_series for the rows, so that PostgreSQL builds
 * two million appointments in a minute or two rather than by two million round trips. Every row satisfies the
 * schema's constraints: each doctor works one office, a doctor's half-hour slots and a patient's instants never
 * repeat, past visits are Completed, future ones Scheduled.
 */
export async function seedNetwork(database: OpenedDatabase, size: NetworkSize, log: (m: string) => void) {
  const { db } = database;
  const step = async (what: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const base = await db
    .selectFrom('offices')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const firstOffice = Number(base?.id ?? 0) + 1;

  await step(`${size.offices} offices`, () =>
    sql`insert into offices (name, address, phone_number, email, time_zone)
        select 'Scale Office ' || g, g || ' Main Street', '555-01' || lpad((g % 100)::text, 2, '0'),
               'office' || g || '@scale.example', (array['America/New_York','America/Chicago','America/Denver','America/Los_Angeles'])[1 + g % 4]
        from generate_series(1, ${size.offices}) g`.execute(db),
  );
  await step(`${size.doctors} doctors`, () =>
    sql`insert into doctors (office_id, first_name, last_name, specialty)
        select ${firstOffice} + (g % ${size.offices}), (${textArray(FIRST_NAMES)})[1 + g % 30],
               'Scale' || g, (array['physical therapist','massage therapist','Acupuncture'])[1 + g % 3]
        from generate_series(1, ${size.doctors}) g`.execute(db),
  );
  await step(`${size.patients} patients`, () =>
    sql`insert into patients (first_name, last_name, email, phone_number, date_of_birth)
        select (${textArray(FIRST_NAMES)})[1 + (g * 7) % 30], (${textArray(LAST_NAMES)})[1 + g % 30] || g,
               'patient' || g || '@scale.example', '555-' || lpad((g % 10000000)::text, 7, '0'),
               date '1950-01-01' + (g % 20000)
        from generate_series(1, ${size.patients}) g`.execute(db),
  );
  // Appointment g: doctor g % D, that doctor's slot g / D (16 a day from 2024-01-01 on); patient g % P. A patient's
  // visits are P apart in g, so P / D slots apart in time: never the same instant.
  await step(`${size.appointments} appointments`, () =>
    sql`with d as (select id, office_id, row_number() over (order by id) - 1 as n from doctors where last_name like 'Scale%'),
             p as (select id, row_number() over (order by id) - 1 as n from patients where email like '%@scale.example'),
             a as (
               select g, g % ${size.doctors} as dn, g / ${size.doctors} as slot, g % ${size.patients} as pn
               from generate_series(0, ${size.appointments - 1}) g
             ),
             t as (
               select a.*, date '2024-01-01' + (slot / ${SLOTS_PER_DAY})::int as day,
                      time '08:00' + ((slot % ${SLOTS_PER_DAY}) * interval '30 minutes') as at
               from a
             )
        insert into appointments (office_id, doctor_id, patient_id, appointment_date, appointment_time, starts_at,
                                  type_visit, status, completed_at, doctor_exclusive)
        select d.office_id, d.id, p.id, t.day, t.at, (t.day + t.at) at time zone 'UTC', 'visit',
               case when t.day < current_date then 'Completed' else 'Scheduled' end,
               case when t.day < current_date then (t.day + t.at) at time zone 'UTC' + interval '1 hour' end,
               true
        from t join d on d.n = t.dn join p on p.n = t.pn`.execute(db),
  );
  await step(`${size.ratings} ratings`, () =>
    sql`insert into ratings (appointment_id, patient_id, doctor_id, office_id, rating, office_rating, type, rated_at, visit_date, anonymous)
        select a.id, a.patient_id, a.doctor_id, a.office_id, 1 + a.id % 10, 1 + (a.id / 10) % 10, 'patient',
               a.completed_at, a.appointment_date, false
        from appointments a
        where a.status = 'Completed' and a.doctor_id in (select id from doctors where last_name like 'Scale%')
        order by a.id
        limit ${size.ratings}`.execute(db),
  );
  await step('vacuum and analyze', () => vacuumAndAnalyze(db));
}

/**
 * What autovacuum does on a running server, at once: statistics for the planner, and the visibility map that
 * lets an index-only scan skip the table (a freshly loaded table has none). Autovacuum may be off on a test
 * server; a kept database is vacuumed again before each run, since runs leave dead audit rows (sealing).
 */
export async function vacuumAndAnalyze(db: OpenedDatabase['db']): Promise<void> {
  await sql`vacuum (analyze)`.execute(db);
}
