import { AUTHORIZATION_COMBINERS_MAX } from '@clinic/contract/diagnosis-combiner';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB, DiagnosisCombinerCodesTable } from '../../db/schema';

export type CombinerDb = Kysely<DB>;
export type CodeKind = DiagnosisCombinerCodesTable['kind'];

/**
 * Diagnosis combiners and their sets (docs/decisions/0029): one row per code in
 * `diagnosis_combiner_codes`, kind-checked and kept unique per combiner by the database.
 */
export function createDiagnosisCombinerRepository(db: Database) {
  /** Combiners with the patient of their authorization (the record check's owner). */
  const combiners = (trx: CombinerDb = db) =>
    trx
      .selectFrom('diagnosis_combiners as dc')
      .innerJoin('patient_authorizations as a', 'a.id', 'dc.authorization_id')
      .select(['dc.id', 'dc.authorization_id', 'a.patient_id']);

  return {
    transaction<T>(work: (trx: CombinerDb) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    findById(id: number, trx?: CombinerDb) {
      return combiners(trx).where('dc.id', '=', id).executeTakeFirst();
    },

    /** The combiner, its row locked until the transaction ends, so changes to one set queue. */
    lockById(id: number, trx: CombinerDb) {
      return combiners(trx).where('dc.id', '=', id).forUpdate('dc').executeTakeFirst();
    },

    /** Every combiner, newest first, below the `before` key. */
    listPage(before: number | undefined, take: number) {
      let query = combiners().orderBy('dc.id', 'desc').limit(take);
      if (before !== undefined) query = query.where('dc.id', '<', before);
      return query.execute();
    },

    listByAuthorization(authorizationId: number) {
      return combiners()
        .where('dc.authorization_id', '=', authorizationId)
        .orderBy('dc.id')
        .limit(AUTHORIZATION_COMBINERS_MAX)
        .execute();
    },

    /** The authorization's patient, or undefined when there is no such authorization. */
    async authorizationPatient(authorizationId: number, trx: CombinerDb = db) {
      const row = await trx
        .selectFrom('patient_authorizations')
        .select('patient_id')
        .where('id', '=', authorizationId)
        .executeTakeFirst();
      return row?.patient_id;
    },

    /** The authorization's first combiner id, or undefined when it has none. */
    async firstIdOfAuthorization(authorizationId: number) {
      const row = await db
        .selectFrom('diagnosis_combiners')
        .select('id')
        .where('authorization_id', '=', authorizationId)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    /** The codes of all these combiners in one query, each set in entry order. */
    codesOf(combinerIds: readonly number[], trx: CombinerDb = db) {
      if (combinerIds.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('diagnosis_combiner_codes as c')
        .innerJoin('procedures as p', 'p.id', 'c.procedure_id')
        .select(['c.diagnosis_combiner_id', 'c.kind', 'c.procedure_id', 'p.code', 'p.description'])
        .where('c.diagnosis_combiner_id', 'in', [...combinerIds])
        .orderBy('c.diagnosis_combiner_id')
        .orderBy('c.kind')
        .orderBy('c.position')
        .execute();
    },

    /** The codes that exist among these (upper-case) codes, with their kind. */
    proceduresByCode(codes: readonly string[], trx: CombinerDb = db) {
      if (codes.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('procedures')
        .select(['id', 'code', 'kind'])
        .where('code', 'in', [...codes])
        .execute();
    },

    async insertCombiner(authorizationId: number, trx: CombinerDb) {
      const row = await trx
        .insertInto('diagnosis_combiners')
        .values({ authorization_id: authorizationId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A set's codes in the order given (positions 0, 1, ...). */
    async insertSet(combinerId: number, kind: CodeKind, procedureIds: readonly number[], trx: CombinerDb) {
      if (procedureIds.length === 0) return;
      await trx
        .insertInto('diagnosis_combiner_codes')
        .values(
          procedureIds.map((procedureId, position) => ({
            diagnosis_combiner_id: combinerId,
            kind,
            position,
            procedure_id: procedureId,
          })),
        )
        .execute();
    },

    /** Puts another code in the old one's place; false when the old code is not in that set. */
    async replaceCode(
      combinerId: number,
      kind: CodeKind,
      oldProcedureId: number,
      newProcedureId: number,
      trx: CombinerDb,
    ) {
      const result = await trx
        .updateTable('diagnosis_combiner_codes')
        .set({ procedure_id: newProcedureId })
        .where('diagnosis_combiner_id', '=', combinerId)
        .where('kind', '=', kind)
        .where('procedure_id', '=', oldProcedureId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** False when the code is not in that set. */
    async deleteCode(combinerId: number, kind: CodeKind, procedureId: number, trx: CombinerDb) {
      const result = await trx
        .deleteFrom('diagnosis_combiner_codes')
        .where('diagnosis_combiner_id', '=', combinerId)
        .where('kind', '=', kind)
        .where('procedure_id', '=', procedureId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Deletes a combiner (its codes go with it; visits booked under it keep their history, unlinked). */
    async remove(id: number, trx: CombinerDb) {
      await trx.deleteFrom('diagnosis_combiners').where('id', '=', id).execute();
    },
  };
}

export type CombinerRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createDiagnosisCombinerRepository>['findById']>>
>;
export type CombinerCodeRow = Awaited<
  ReturnType<ReturnType<typeof createDiagnosisCombinerRepository>['codesOf']>
>[number];
