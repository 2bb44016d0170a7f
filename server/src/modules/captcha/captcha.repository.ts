import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { CaptchaAnswer, CaptchaType } from './captcha-puzzles';

/** Rows outlive their challenge by this much: a solved row is the record of a pass until the pass ends. */
const KEEP_AFTER_EXPIRY = '15 minutes';

export function createCaptchaRepository(db: Database) {
  return {
    async insert(input: { id: string; type: CaptchaType; answer: CaptchaAnswer; expiresAt: Date }) {
      await db
        .insertInto('captcha_challenges')
        .values({
          id: input.id,
          type: input.type,
          answer: JSON.stringify(input.answer),
          expires_at: input.expiresAt,
        })
        .execute();
    },

    findById(id: string) {
      return db
        .selectFrom('captcha_challenges')
        .select(['id', 'type', 'answer', 'expires_at', 'used_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Marks a challenge used if it is still open; false when it was used already or has expired. */
    async consume(id: string): Promise<boolean> {
      const row = await db
        .updateTable('captcha_challenges')
        .set({ used_at: sql`now()` })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async remove(id: string) {
      await db.deleteFrom('captcha_challenges').where('id', '=', id).execute();
    },

    async purgeOld() {
      await db
        .deleteFrom('captcha_challenges')
        .where('expires_at', '<', sql<Date>`now() - interval '${sql.raw(KEEP_AFTER_EXPIRY)}'`)
        .execute();
    },
  };
}
