import type { Database } from '../../db/database';

export function createAuthorizationsRepository(db: Database) {
  return {
    /** The most recent authorization: latest start, then latest entered. */
    latestForPatient(patientId: number) {
      return db
        .selectFrom('patient_authorizations')
        .select([
          'id',
          'patient_id',
          'patient_insurance_id',
          'referred_by',
          'auth_code',
          'day_start',
          'day_end',
          'visits',
          'weekly_visit_limit',
          'active',
        ])
        .where('patient_id', '=', patientId)
        .orderBy('day_start', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
