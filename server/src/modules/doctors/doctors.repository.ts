import { DIRECTORY_SPECIALTIES } from '@clinic/contract/constants';
import { DOCTORS_MAX, OFFICE_DOCTORS_MAX } from '@clinic/contract/doctors';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { likeContains } from '../../db/like-pattern';
import type { UsersTable } from '../../db/schema';

/** §9: the specialty contains one of the directory's specialties, in any case. */
const directorySpecialty = sql<boolean>`(${sql.join(
  DIRECTORY_SPECIALTIES.map((s) => sql`lower(doctors.specialty) like ${likeContains(s)}`),
  sql` or `,
)})`;

export function createDoctorsRepository(db: Database) {
  const base = () =>
    db
      .selectFrom('doctors')
      .leftJoin('offices', 'offices.id', 'doctors.office_id')
      .leftJoin('users', 'users.doctor_id', 'doctors.id')
      .select([
        'doctors.id',
        'doctors.office_id',
        'offices.name as office_name',
        'doctors.first_name',
        'doctors.last_name',
        'doctors.specialty',
        'doctors.bio',
        'doctors.picture',
        'doctors.rating',
        'doctors.is_placeholder',
        'users.id as user_id',
        'users.username',
        'users.role',
      ])
      .orderBy('doctors.last_name')
      .orderBy('doctors.first_name')
      .orderBy('doctors.id');

  return {
    findById(id: number) {
      return base().where('doctors.id', '=', id).executeTakeFirst();
    },

    findByUsername(username: string) {
      return base().where(sql`lower(users.username)`, '=', username.toLowerCase()).executeTakeFirst();
    },

    /** Every record but the placeholder; `directoryOnly` narrows to the public care team. */
    list(options: { directoryOnly: boolean; officeId?: number }) {
      let query = base().where('doctors.is_placeholder', '=', false);
      if (options.directoryOnly) query = query.where(directorySpecialty);
      if (options.officeId !== undefined) query = query.where('doctors.office_id', '=', options.officeId);
      return query.limit(options.officeId === undefined ? DOCTORS_MAX : OFFICE_DOCTORS_MAX).execute();
    },

    /**
     * One page of the care team directory, in name order, and how many match in all. Each word must be in
     * the first or last name, the specialty or the office name. The doctors table is the network's staff
     * (thousands at most), so the match is a scan of it, not of a growing table.
     */
    async directoryPage(options: { words: readonly string[]; offset: number; limit: number }) {
      const matching = () => {
        let query = base().where('doctors.is_placeholder', '=', false).where(directorySpecialty);
        for (const word of options.words) {
          const pattern = likeContains(word);
          query = query.where((eb) =>
            eb.or([
              eb(sql`lower(doctors.first_name)`, 'like', pattern),
              eb(sql`lower(doctors.last_name)`, 'like', pattern),
              eb(sql`lower(doctors.specialty)`, 'like', pattern),
              eb(sql`lower(coalesce(offices.name, ''))`, 'like', pattern),
            ]),
          );
        }
        return query;
      };
      const rows = await matching()
        .select(sql<number>`count(*) over ()`.as('total'))
        .limit(options.limit)
        .offset(options.offset)
        .execute();
      if (rows[0] || options.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
      // A page past the end has no row to read the total from.
      const counted = await matching()
        .clearSelect()
        .clearOrderBy()
        .select(sql<number>`count(*)`.as('total'))
        .executeTakeFirst();
      return { rows, total: counted?.total ?? 0 };
    },

    /** Home search: names or specialty containing the text; the service narrows the specialties. */
    search(text: string, limit: number) {
      const pattern = likeContains(text);
      return base()
        .where('doctors.is_placeholder', '=', false)
        .where((eb) =>
          eb.or([
            eb(sql`lower(doctors.first_name)`, 'like', pattern),
            eb(sql`lower(doctors.last_name)`, 'like', pattern),
            eb(sql`lower(doctors.first_name || ' ' || doctors.last_name)`, 'like', pattern),
            eb(sql`lower(doctors.specialty)`, 'like', pattern),
          ]),
        )
        .limit(limit)
        .execute();
    },

    async officeExists(officeId: number) {
      const row = await db.selectFrom('offices').select('id').where('id', '=', officeId).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The staff account and its doctor record, in one transaction: if the username is taken (or anything
     * else fails) neither exists afterwards.
     */
    createStaff(input: {
      username: string;
      passwordHash: string;
      role: UsersTable['role'];
      officeId: number;
      firstName: string;
      lastName: string;
      specialty: string;
    }) {
      return db.transaction().execute(async (trx) => {
        const doctor = await trx
          .insertInto('doctors')
          .values({
            office_id: input.officeId,
            first_name: input.firstName,
            last_name: input.lastName,
            specialty: input.specialty,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('users')
          .values({
            username: input.username,
            password_hash: input.passwordHash,
            role: input.role,
            doctor_id: doctor.id,
          })
          .execute();
        return doctor.id;
      });
    },

    /**
     * Gives a staff account without a profile (made with Create Account) its doctor record, in one
     * transaction: 'attached' with the new record's id and the account's role; 'taken' when the username
     * belongs to a patient or to staff who already have a profile; 'none' when there is no such account.
     */
    attachProfile(input: {
      username: string;
      officeId: number;
      firstName: string;
      lastName: string;
      specialty: string;
    }): Promise<
      { outcome: 'attached'; doctorId: number; role: UsersTable['role'] } | { outcome: 'taken' | 'none' }
    > {
      return db.transaction().execute(async (trx) => {
        const account = await trx
          .selectFrom('users')
          .select(['id', 'role', 'doctor_id'])
          .where(sql`lower(username)`, '=', input.username.toLowerCase())
          .forUpdate()
          .executeTakeFirst();
        if (!account) return { outcome: 'none' } as const;
        if (account.role === 'PATIENT' || account.doctor_id !== null) return { outcome: 'taken' } as const;
        const doctor = await trx
          .insertInto('doctors')
          .values({
            office_id: input.officeId,
            first_name: input.firstName,
            last_name: input.lastName,
            specialty: input.specialty,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.updateTable('users').set({ doctor_id: doctor.id }).where('id', '=', account.id).execute();
        return { outcome: 'attached', doctorId: doctor.id, role: account.role } as const;
      });
    },

    async updateDetails(
      id: number,
      changes: {
        firstName: string;
        lastName: string;
        bio?: string;
        specialty?: string;
        officeId?: number | null;
        picture?: string;
        rating?: number;
      },
    ) {
      await db
        .updateTable('doctors')
        .set({
          first_name: changes.firstName,
          last_name: changes.lastName,
          ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
          ...(changes.specialty !== undefined ? { specialty: changes.specialty } : {}),
          ...(changes.officeId !== undefined ? { office_id: changes.officeId } : {}),
          ...(changes.picture !== undefined ? { picture: changes.picture } : {}),
          ...(changes.rating !== undefined ? { rating: changes.rating } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * New username and/or password for an account, in one transaction. A password change revokes the
     * account's sessions, except `keepSessionId` (the caller's own, when they change their own password).
     */
    updateAccount(
      userId: number,
      changes: { username?: string; passwordHash?: string },
      keepSessionId: string | null,
    ) {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            ...(changes.username !== undefined ? { username: changes.username } : {}),
            ...(changes.passwordHash
              ? { password_hash: changes.passwordHash, password_changed_at: sql`now()` }
              : {}),
            updated_at: sql`now()`,
          })
          .where('id', '=', userId)
          .execute();
        if (changes.passwordHash) {
          let revoke = trx
            .updateTable('sessions')
            .set({ revoked_at: sql`now()` })
            .where('user_id', '=', userId)
            .where('revoked_at', 'is', null);
          if (keepSessionId) revoke = revoke.where('id', '<>', keepSessionId);
          await revoke.execute();
        }
      });
    },
  };
}

export type DoctorRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createDoctorsRepository>['findById']>>
>;
