import { INSURANCES_MAX } from '@clinic/contract/insurance';
import { sql, type Updateable } from 'kysely';
import type { Database } from '../../db/database';
import { likeContains } from '../../db/like-pattern';
import type { InsurancesTable } from '../../db/schema';

export type InsuranceChanges = Partial<{
  name: string;
  days: number | null;
  authorizationRequirement: string;
  insCode: string;
  address: string;
  acceptance: string;
  coverageName: string;
  picture: string;
}>;

function toColumns(changes: InsuranceChanges): Updateable<InsurancesTable> {
  const columns: Updateable<InsurancesTable> = {};
  if (changes.name !== undefined) columns.name = changes.name;
  if (changes.days !== undefined) columns.days = changes.days;
  if (changes.authorizationRequirement !== undefined)
    columns.authorization_requirement = changes.authorizationRequirement;
  if (changes.insCode !== undefined) columns.ins_code = changes.insCode;
  if (changes.address !== undefined) columns.address = changes.address;
  if (changes.acceptance !== undefined) columns.acceptance = changes.acceptance;
  if (changes.coverageName !== undefined) columns.coverage_name = changes.coverageName;
  if (changes.picture !== undefined) columns.picture = changes.picture;
  return columns;
}

export function createInsuranceRepository(db: Database) {
  const base = () =>
    db
      .selectFrom('insurances')
      .select([
        'id',
        'name',
        'days',
        'authorization_requirement',
        'ins_code',
        'address',
        'acceptance',
        'coverage_name',
        'picture',
      ])
      .orderBy(sql`lower(name)`)
      .orderBy('id');

  return {
    list() {
      return base().limit(INSURANCES_MAX).execute();
    },

    findById(id: number) {
      return base().where('id', '=', id).executeTakeFirst();
    },

    /** Names containing the text, in any case. */
    searchByName(text: string) {
      return base().where(sql`lower(name)`, 'like', likeContains(text)).limit(INSURANCES_MAX).execute();
    },

    async insert(changes: InsuranceChanges & { name: string }) {
      const row = await db
        .insertInto('insurances')
        .values({ name: changes.name, days: changes.days ?? null, ...toColumns(changes) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Returns false when there is no such insurance. */
    async update(id: number, changes: InsuranceChanges) {
      const columns = toColumns(changes);
      if (Object.keys(columns).length === 0) {
        return (
          (await db.selectFrom('insurances').select('id').where('id', '=', id).executeTakeFirst()) !==
          undefined
        );
      }
      const result = await db.updateTable('insurances').set(columns).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Returns false when there is no such insurance; a foreign-key error when patients use it. */
    async remove(id: number) {
      const result = await db.deleteFrom('insurances').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async countPatientRecords(id: number) {
      const row = await db
        .selectFrom('patient_insurances')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('insurance_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type InsuranceRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createInsuranceRepository>['findById']>>
>;
