import { sql } from 'kysely';
import type { Database } from '../../db/database';

export function createPatientsRepository(db: Database) {
  const base = () =>
    db
      .selectFrom('patients')
      .leftJoin('users', 'users.patient_id', 'patients.id')
      .leftJoin('points_banks', 'points_banks.patient_id', 'patients.id')
      .select([
        'patients.id',
        'users.username',
        'patients.email',
        'patients.first_name',
        'patients.last_name',
        'patients.date_of_birth',
        'patients.phone_number',
        'patients.sex',
        'patients.notes',
        'patients.visits',
        'patients.nf_wc',
        'points_banks.total_points',
      ]);

  return {
    findById(id: number) {
      return base().where('patients.id', '=', id).executeTakeFirst();
    },
    findByUsername(username: string) {
      return base().where(sql`lower(users.username)`, '=', username.toLowerCase()).executeTakeFirst();
    },
  };
}

export type PatientRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createPatientsRepository>['findById']>>
>;
