import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { likeContains, likePrefix } from '../../db/like-pattern';

export interface ProcedureFilter {
  /** Codes starting with this text. */
  code?: string;
  /** Descriptions containing this text. */
  description?: string;
  /** Codes of this kind: the first letter of differenceCode (P or D). */
  kind?: string;
}

export function createProceduresRepository(db: Database) {
  const base = () =>
    db
      .selectFrom('procedures')
      .select(['id', 'code', 'description', 'difference_code', 'picture'])
      .orderBy('code');

  const findByCode = (code: string) => base().where('code', '=', code).executeTakeFirst();

  return {
    /** The codes that match, by code, after the code `after`, at most `take`. */
    list(filter: ProcedureFilter, after: string | undefined, take: number) {
      let query = base();
      if (after !== undefined) query = query.where('code', '>', after);
      if (filter.code) query = query.where(sql`lower(code)`, 'like', likePrefix(filter.code));
      if (filter.description) {
        query = query.where(sql`lower(description)`, 'like', likeContains(filter.description));
      }
      if (filter.kind) query = query.where(sql`upper(left(difference_code, 1))`, '=', filter.kind);
      return query.limit(take).execute();
    },

    findByCode,

    insert(input: { code: string; description: string; differenceCode: string; picture: string }) {
      return db
        .insertInto('procedures')
        .values({
          code: input.code,
          description: input.description,
          difference_code: input.differenceCode,
          picture: input.picture,
        })
        .execute();
    },

    async update(
      code: string,
      changes: Partial<{ description: string; differenceCode: string; picture: string }>,
    ) {
      const columns = {
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.differenceCode !== undefined ? { difference_code: changes.differenceCode } : {}),
        ...(changes.picture !== undefined ? { picture: changes.picture } : {}),
      };
      if (Object.keys(columns).length === 0) return (await findByCode(code)) !== undefined;
      const result = await db
        .updateTable('procedures')
        .set(columns)
        .where('code', '=', code)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async remove(code: string) {
      const result = await db.deleteFrom('procedures').where('code', '=', code).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type ProcedureRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createProceduresRepository>['findByCode']>>
>;
