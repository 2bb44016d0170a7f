import type { Database } from '../../db/database';

export function createPointsBankRepository(db: Database) {
  return {
    findByPatient(patientId: number) {
      return db
        .selectFrom('points_banks')
        .select(['id', 'patient_id', 'total_points'])
        .where('patient_id', '=', patientId)
        .executeTakeFirst();
    },
  };
}
