import { type Expression, type ExpressionBuilder, type QueryCreator, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import { likePrefix } from '../../db/like-pattern';
import type { DB, Sex } from '../../db/schema';
import type { CommitAudit } from '../../platform/audit';
import type { NameIdKey } from '../../platform/key-paging';

/**
 * First or last name starting with the term, any case: both columns have a lower(...) text_pattern_ops
 * index, so this is two index range scans whatever the table size. A term of several words also matches
 * "first name starts with the first word and last name with the rest" (e.g. "emily car").
 */
function nameMatches<D, T extends keyof D>(eb: ExpressionBuilder<D, T>, term: string) {
  const prefix = likePrefix(term);
  const firstName = sql<string>`lower(patients.first_name)`;
  const lastName = sql<string>`lower(patients.last_name)`;
  const alternatives = [eb(firstName, 'like', prefix), eb(lastName, 'like', prefix)];
  const words = term.split(/\s+/).filter(Boolean);
  if (words.length > 1) {
    alternatives.push(
      eb.and([
        eb(firstName, 'like', likePrefix(words[0] ?? '')),
        eb(lastName, 'like', likePrefix(words.slice(1).join(' '))),
      ]),
    );
  }
  return eb.or(alternatives);
}

export interface PatientDetailsUpdate {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  dateOfBirth: string;
  sex: Sex;
  notes: string;
}

export interface AccountUpdate {
  userId: number;
  patientId: number;
  username?: string;
  passwordHash?: string;
  email?: string;
  /** The session that made the change stays signed in; every other one ends when the password changes. */
  keepSessionId: string;
}

export function createPatientsRepository(db: Database) {
  const base = (from: QueryCreator<DB> = db) =>
    from
      .selectFrom('patients')
      .leftJoin('users', 'users.patient_id', 'patients.id')
      .leftJoin('points_banks', 'points_banks.patient_id', 'patients.id')
      .select([
        'patients.id',
        'users.username',
        'patients.email',
        'patients.first_name',
        'patients.last_name',
        'patients.date_of_birth',
        'patients.phone_number',
        'patients.sex',
        'patients.notes',
        'patients.visits',
        'patients.nf_wc',
        'points_banks.total_points',
      ]);

  const byName = () =>
    base()
      .orderBy(sql`lower(patients.last_name)`)
      .orderBy(sql`lower(patients.first_name)`)
      .orderBy('patients.id');

  /**
   * Free-text search: a name prefix, the exact patient id, or the exact username. The matching ids come from
   * one index-served query per kind of match (their union), so that no search reads every patient (issue 13).
   */
  const searchQuery = (term: string, limit: number) => {
    const id = /^\d{1,9}$/.test(term) ? Number(term) : null;
    const prefix = likePrefix(term);
    const words = term.split(/\s+/).filter(Boolean);
    const byPrefix = (column: 'first_name' | 'last_name') =>
      db
        .selectFrom('patients')
        .select('id')
        .where(sql`lower(${sql.ref(column)})`, 'like', prefix);
    let ids = byPrefix('first_name')
      .union(byPrefix('last_name'))
      .union(
        db
          .selectFrom('users')
          .select(sql<number>`patient_id`.as('id'))
          .where(sql`lower(username)`, '=', term.toLowerCase())
          .where('patient_id', 'is not', null),
      );
    if (words.length > 1) {
      ids = ids.union(
        db
          .selectFrom('patients')
          .select('id')
          .where(sql`lower(first_name)`, 'like', likePrefix(words[0] ?? ''))
          .where(sql`lower(last_name)`, 'like', likePrefix(words.slice(1).join(' '))),
      );
    }
    if (id !== null) ids = ids.union(db.selectFrom('patients').select('id').where('id', '=', id));
    return byName().where('patients.id', 'in', ids).limit(limit);
  };

  return {
    findById(id: number) {
      return base().where('patients.id', '=', id).executeTakeFirst();
    },

    /** As findById, with the read's audit row (readRowInsert) written by the same statement when found. */
    findByIdRecordingRead(
      id: number,
      recordRead: (found: Expression<boolean>) => RawBuilder<Record<string, unknown>>,
    ) {
      const found = sql<boolean>`exists (select 1 from patients where id = ${id})`;
      return base(db.with('read_row', () => recordRead(found)))
        .where('patients.id', '=', id)
        .executeTakeFirst();
    },

    findByUsername(username: string) {
      return base().where(sql`lower(users.username)`, '=', username.toLowerCase()).executeTakeFirst();
    },

    /** One page of the patients whose first or last name starts with the term, by name. */
    list(options: { term?: string; offset?: number; limit: number }) {
      let query = byName();
      if (options.term) query = query.where((eb) => nameMatches(eb, options.term as string));
      return query
        .limit(options.limit)
        .offset(options.offset ?? 0)
        .execute();
    },

    /** As list, by key: the patients after `after` in name order (patients_name_order_idx). */
    listAfter(options: { term?: string; after?: NameIdKey; limit: number }) {
      // The key as the database orders it (its lower(), its collation), for the next page's cursor.
      let query = byName().select([
        sql<string>`lower(patients.last_name)`.as('last_key'),
        sql<string>`lower(patients.first_name)`.as('first_key'),
      ]);
      if (options.term) query = query.where((eb) => nameMatches(eb, options.term as string));
      const after = options.after;
      if (after) {
        query = query.where(
          sql<boolean>`(lower(patients.last_name), lower(patients.first_name), patients.id) > (${after.last}, ${after.first}, ${after.id})`,
        );
      }
      return query.limit(options.limit).execute();
    },

    /** How many patients match the term; without one, the count the database keeps (patients_total). */
    async count(term?: string): Promise<number> {
      if (!term) {
        const kept = await db.selectFrom('patients_total').select('n').executeTakeFirstOrThrow();
        return Number(kept.n);
      }
      let query = db.selectFrom('patients').select((eb) => eb.fn.countAll<number>().as('total'));
      if (term) query = query.where((eb) => nameMatches(eb, term));
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Both given names must match as prefixes (either may be left out). */
    findByNames(names: { firstName?: string; lastName?: string }, limit: number) {
      let query = byName();
      if (names.firstName) {
        query = query.where(sql`lower(patients.first_name)`, 'like', likePrefix(names.firstName));
      }
      if (names.lastName) {
        query = query.where(sql`lower(patients.last_name)`, 'like', likePrefix(names.lastName));
      }
      return query.limit(limit).execute();
    },

    /** Free-text search (searchQuery). */
    search(term: string, limit: number) {
      return searchQuery(term, limit).execute();
    },

    /** The search's query, for EXPLAIN. */
    searchQuery,

    /** The change and its audit row commit together or not at all. */
    updateDetails(id: number, details: PatientDetailsUpdate, commitAudit: CommitAudit): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('patients')
          .set({
            first_name: details.firstName,
            last_name: details.lastName,
            email: details.email,
            phone_number: details.phoneNumber,
            date_of_birth: details.dateOfBirth,
            sex: details.sex,
            notes: details.notes,
          })
          .where('id', '=', id)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        await commitAudit(trx);
        return true;
      });
    },

    findAccount(patientId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('patient_id', '=', patientId)
        .where('role', '=', 'PATIENT')
        .executeTakeFirst();
    },

    /** Username, password and e-mail change together, with their audit row, or not at all. */
    updateAccount(change: AccountUpdate, commitAudit: CommitAudit) {
      return db.transaction().execute(async (trx) => {
        if (change.username !== undefined || change.passwordHash !== undefined) {
          await trx
            .updateTable('users')
            .set({
              ...(change.username !== undefined ? { username: change.username } : {}),
              ...(change.passwordHash !== undefined
                ? { password_hash: change.passwordHash, password_changed_at: sql`now()` }
                : {}),
              updated_at: sql`now()`,
            })
            .where('id', '=', change.userId)
            .execute();
        }
        if (change.email !== undefined) {
          await trx
            .updateTable('patients')
            .set({ email: change.email })
            .where('id', '=', change.patientId)
            .execute();
        }
        if (change.passwordHash !== undefined) {
          await trx
            .updateTable('sessions')
            .set({ revoked_at: sql`now()` })
            .where('user_id', '=', change.userId)
            .where('id', '<>', change.keepSessionId)
            .where('revoked_at', 'is', null)
            .execute();
        }
        await commitAudit(trx);
      });
    },
  };
}

export type PatientRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createPatientsRepository>['findById']>>
>;
