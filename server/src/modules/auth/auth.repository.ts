import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { UsersTable } from '../../db/schema';

type Role = UsersTable['role'];

export function createAuthRepository(db: Database) {
  return {
    findUserByUsername(username: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    async createSession(input: {
      id: string;
      userId: number;
      expiresAt: Date;
      ip: string;
      userAgent: string | null;
    }) {
      await db
        .insertInto('sessions')
        .values({
          id: input.id,
          user_id: input.userId,
          expires_at: input.expiresAt,
          ip: input.ip,
          user_agent: input.userAgent,
        })
        .execute();
    },

    async revokeSession(sessionId: string) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** One page of the staff accounts by username, after `after` (users_username_order_idx orders them). */
    listStaffAccounts(after: string | undefined, take: number) {
      let query = db
        .selectFrom('users')
        .select(['id', 'username', 'role', 'doctor_id', 'patient_id', 'created_at'])
        .where('role', '<>', 'PATIENT');
      if (after !== undefined) query = query.where('username', '>', after);
      return query.orderBy('username').limit(take).execute();
    },

    async insertUser(input: { username: string; passwordHash: string; role: Role }) {
      return db
        .insertInto('users')
        .values({ username: input.username, password_hash: input.passwordHash, role: input.role })
        .returning(['id', 'username', 'role', 'doctor_id', 'patient_id', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /**
     * Changes password and/or role and revokes the account's sessions, in one transaction. The last-admin
     * rule is checked under a lock on the admin rows so two concurrent demotions cannot both pass.
     */
    updateAccount(userId: number, changes: { passwordHash?: string; role?: Role }) {
      return db.transaction().execute(async (trx) => {
        if (changes.role && changes.role !== 'ADMIN') {
          const admins = await trx
            .selectFrom('users')
            .select('id')
            .where('role', '=', 'ADMIN')
            .forUpdate()
            .execute();
          if (admins.length === 1 && admins[0]?.id === userId) return 'last-admin' as const;
        }
        await trx
          .updateTable('users')
          .set({
            ...(changes.passwordHash
              ? { password_hash: changes.passwordHash, password_changed_at: sql`now()` }
              : {}),
            ...(changes.role ? { role: changes.role } : {}),
            updated_at: sql`now()`,
          })
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: sql`now()` })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        return 'updated' as const;
      });
    },

    deleteAccount(userId: number) {
      return db.transaction().execute(async (trx) => {
        const admins = await trx
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'ADMIN')
          .forUpdate()
          .execute();
        if (admins.length === 1 && admins[0]?.id === userId) return 'last-admin' as const;
        await trx.deleteFrom('users').where('id', '=', userId).execute();
        return 'deleted' as const;
      });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
