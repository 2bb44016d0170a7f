import type { Registration } from '@clinic/contract/patient-registration';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

export function createPatientRegistrationRepository(db: Database) {
  return {
    async usernameTaken(username: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    async emailTaken(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('patients')
        .select('id')
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The patient record, its PATIENT account and its communication-preference row, in the caller's transaction. */
    async insertPatientWithAccount(trx: Transaction<DB>, input: Registration & { passwordHash: string }) {
      const patient = await trx
        .insertInto('patients')
        .values({
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          date_of_birth: input.dateOfBirth,
          phone_number: input.phoneNumber,
          sex: input.sex,
          notes: input.notes,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('users')
        .values({
          username: input.username,
          password_hash: input.passwordHash,
          role: 'PATIENT',
          patient_id: patient.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('patient_permissions').values({ patient_id: patient.id }).execute();
      return { patientId: patient.id, userId: user.id };
    },

    /** A PATIENT account with the address its codes go to. */
    findPatientAccount(username: string) {
      return db
        .selectFrom('users')
        .innerJoin('patients', 'patients.id', 'users.patient_id')
        .select(['users.id', 'users.username', 'patients.email', 'patients.first_name'])
        .where(sql`lower(users.username)`, '=', username.toLowerCase())
        .where('users.role', '=', 'PATIENT')
        .executeTakeFirst();
    },

    async countCodesSince(userId: number, windowMs: number): Promise<number> {
      const row = await db
        .selectFrom('password_reset_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${windowMs / 1000})`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Stores a new code and retires the account's earlier open codes: only the newest one works. */
    issueCode(userId: number, codeHash: string, expiresAt: Date) {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('password_reset_codes')
          .set({ used_at: sql`now()` })
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('password_reset_codes')
          .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt })
          .execute();
      });
    },

    /**
     * Counts one guess against the account's open code and returns it; undefined when there is no open code
     * (none, expired, used, or out of guesses).
     */
    takeGuess(userId: number, maxAttempts: number) {
      return db
        .updateTable('password_reset_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where(
          'id',
          '=',
          db
            .selectFrom('password_reset_codes')
            .select('id')
            .where('user_id', '=', userId)
            .where('used_at', 'is', null)
            .where('expires_at', '>', sql<Date>`now()`)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(1),
        )
        .where('attempts', '<', maxAttempts)
        .where('used_at', 'is', null)
        .returning(['id', 'code_hash'])
        .executeTakeFirst();
    },

    /** Uses the code and sets the password, revoking every session of the account; false if the code was taken. */
    resetPassword(codeId: number, userId: number, passwordHash: string) {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_reset_codes')
          .set({ used_at: sql`now()` })
          .where('id', '=', codeId)
          .where('used_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!used) return false;
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, password_changed_at: sql`now()`, updated_at: sql`now()` })
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: sql`now()` })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        return true;
      });
    },
  };
}
