import { PROMOTIONS_MAX } from '@clinic/contract/promotions';
import type { Database } from '../../db/database';

export interface PromotionValues {
  title: string;
  description: string;
  picture: string;
}

export function createPromotionsRepository(db: Database) {
  const base = () => db.selectFrom('promotions').select(['id', 'title', 'description', 'picture', 'status']);

  return {
    /** Every promotion, newest first (the management list). */
    listAll() {
      return base().orderBy('id', 'desc').limit(PROMOTIONS_MAX).execute();
    },

    /** Shown promotions in carousel order: ascending status, then creation order. */
    listShown() {
      return base()
        .where('status', '>', 0)
        .orderBy('status', 'asc')
        .orderBy('id', 'asc')
        .limit(PROMOTIONS_MAX)
        .execute();
    },

    findById(id: number) {
      return base().where('id', '=', id).executeTakeFirst();
    },

    insert(values: PromotionValues, status: number) {
      return db
        .insertInto('promotions')
        .values({ ...values, status })
        .returning(['id', 'title', 'description', 'picture', 'status'])
        .executeTakeFirstOrThrow();
    },

    update(id: number, values: Partial<PromotionValues> & { status?: number }) {
      return db
        .updateTable('promotions')
        .set(values)
        .where('id', '=', id)
        .returning(['id', 'title', 'description', 'picture', 'status'])
        .executeTakeFirst();
    },

    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('promotions').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type PromotionRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createPromotionsRepository>['findById']>>
>;
