import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/database';
import { likeContains, likePrefix } from '../../db/like-pattern';
import type { DB, Sex } from '../../db/schema';
import type { CommitAudit } from '../../platform/audit';
import type { NameIdKey } from '../../platform/key-paging';

/** The most matches of a piece of text a free-text search sorts to show the first by name (searchQuery). */
const SEARCH_CANDIDATES_MAX = 200;

/** The shortest piece of text a trigram index can find anywhere in a value. */
const TRIGRAM_MIN = 3;

/**
 * The LIKE pattern for a piece of a name: anywhere in it once it is long enough for the trigram indexes
 * (migration 0013: 'son' finds Johnson and Thompson), else at its start (the text_pattern_ops indexes), so
 * that every match is an index scan whatever the table size.
 */
export function namePattern(text: string): string {
  return text.trim().length >= TRIGRAM_MIN ? likeContains(text.trim()) : likePrefix(text.trim());
}

/**
 * First or last name holding the term, any case (namePattern). A term of several words also matches
 * "first name holds the first word and last name the rest" (e.g. "emily car").
 */
function nameMatches<D, T extends keyof D>(eb: ExpressionBuilder<D, T>, term: string) {
  const pattern = namePattern(term);
  const firstName = sql<string>`lower(patients.first_name)`;
  const lastName = sql<string>`lower(patients.last_name)`;
  const alternatives = [eb(firstName, 'like', pattern), eb(lastName, 'like', pattern)];
  const words = term.split(/\s+/).filter(Boolean);
  if (words.length > 1) {
    alternatives.push(
      eb.and([
        eb(firstName, 'like', namePattern(words[0] ?? '')),
        eb(lastName, 'like', namePattern(words.slice(1).join(' '))),
      ]),
    );
  }
  return eb.or(alternatives);
}

/** A date of birth typed as 1985-03-14 or 3/14/1985, as an ISO date; null for anything else. */
export function typedDate(term: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(term);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(term);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return date.toISOString().slice(0, 10);
}

/** The digits of a term that looks like (part of) a phone number, when there are enough to search by. */
export function typedPhoneDigits(term: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, '');
  return digits.length >= TRIGRAM_MIN ? digits : null;
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
  const base = () =>
    db
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

  const byNameOrder = () =>
    base()
      .orderBy(sql`lower(patients.last_name)`)
      .orderBy(sql`lower(patients.first_name)`)
      .orderBy('patients.id');

  /** After a key of the name order (a key-paged list's cursor). */
  const afterKey = (after: NameIdKey) =>
    sql<boolean>`(lower(patients.last_name), lower(patients.first_name), patients.id) > (${after.last}, ${after.first}, ${after.id})`;

  /**
   * The ids of one page of the patients whose name holds `term`, in name order. The matches are found
   * through their indexes and only their ids and names sorted; the page's rows are read after. The order is
   * written so that no index provides it (`|| ''`): otherwise the planner walks the name-order index and
   * filters, which reads most of the table when the matches sort late ('smi' for Smith: 250 ms at 200,000
   * patients, against 20 ms).
   */
  const matchingPage = (term: string, limit: number, after?: NameIdKey) => {
    let query = db
      .selectFrom('patients')
      .select('patients.id')
      .where((eb) => nameMatches(eb, term));
    if (after) query = query.where(afterKey(after));
    return query
      .orderBy(sql`lower(patients.last_name) || ''`)
      .orderBy(sql`lower(patients.first_name)`)
      .orderBy('patients.id')
      .limit(limit);
  };

  /**
   * The ids of a free-text search, the most telling matches first (issue 13), each kind its own index-served
   * query cut to `limit` before they are put together, so no search sorts or reads more than a few hundred
   * patients:
   * 0. the exact patient id or username, a date of birth, part of the phone number's digits;
   * 1. first and last name together ("emily car": the first word in the first name, the rest in the last);
   * 2. the last name starting with the term, then 3. the first name starting with it, each the first `limit`
   *    in name order straight off an index range (migration 0023: 'smi' reads 50 of 6,667 Smiths);
   * 4. three letters or more anywhere in a name or the e-mail (namePattern): among the first
   *    SEARCH_CANDIDATES_MAX found, the first by name. A term that common is too vague to pick one patient
   *    with: the popup shows 50 and asks for more of the name.
   * Within a kind, by name; a patient found by several kinds comes with the first.
   */
  const searchQuery = (term: string, limit: number) => {
    const text = term.trim();
    const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
    const words = text.split(/\s+/).filter(Boolean);
    type Where = (eb: ExpressionBuilder<DB, 'patients'>) => Expression<SqlBool>;
    type Kind = SelectQueryBuilder<DB, 'patients', { id: number; last_key: string; first_key: string }>;
    const lowerName = (column: 'first_name' | 'last_name') => sql<string>`lower(patients.${sql.ref(column)})`;
    const inByteOrder = (column: 'first_name' | 'last_name') =>
      sql<string>`lower(patients.${sql.ref(column)}) collate "C"`;
    /** Patients with the keys the kinds are put in name order by. */
    const keyed = () =>
      db
        .selectFrom('patients')
        .select([
          'patients.id',
          lowerName('last_name').as('last_key'),
          lowerName('first_name').as('first_key'),
        ]);
    const ranked = (tier: number, kind: Kind) =>
      db
        .selectFrom(kind.as('kind'))
        .select(['kind.id', 'kind.last_key', 'kind.first_key', sql.lit(tier).as('tier')]);
    /** The first `limit` by name among the first SEARCH_CANDIDATES_MAX matches the indexes find. */
    const firstFound = (where: Where): Kind =>
      db
        .selectFrom(keyed().where(where).limit(Math.max(SEARCH_CANDIDATES_MAX, limit)).as('patients'))
        .selectAll('patients')
        .orderBy('patients.last_key')
        .orderBy('patients.first_key')
        .orderBy('patients.id')
        .limit(limit);
    /** The first `limit` whose `column` starts with the term, in that column's order (an index range). */
    const startingWith = (column: 'first_name' | 'last_name'): Kind =>
      keyed()
        .where(inByteOrder(column), 'like', likePrefix(text))
        .orderBy(inByteOrder(column))
        .orderBy(inByteOrder(column === 'last_name' ? 'first_name' : 'last_name'))
        .orderBy('patients.id')
        .limit(limit);
    // When the last names starting with the term fill the page ('smi'), the kinds after them cannot reach it:
    // a one-time condition (evaluated once, before them) leaves them unread.
    const pageFull = sql<boolean>`(select count(*) from (${startingWith('last_name')}) as page) >= ${limit}`;
    const unlessPageFull = (tier: number, kind: Kind) =>
      ranked(tier, kind).where(sql<boolean>`not ${pageFull}`);

    /** Each patient once, with the first kind that found them; kind by kind, by name. */
    const ordered = (found: ReturnType<typeof ranked>) =>
      db
        .selectFrom(found.as('found'))
        .select(['found.id', (eb) => eb.fn.min<number>('found.tier').as('tier')])
        .groupBy(['found.id', 'found.last_key', 'found.first_key'])
        .orderBy('tier')
        .orderBy('found.last_key')
        .orderBy('found.first_key')
        .orderBy('found.id')
        .limit(limit);

    const account = keyed()
      .where('patients.id', 'in', (eb) =>
        eb
          .selectFrom('users')
          .select('users.patient_id')
          .where(sql`lower(username)`, '=', text.toLowerCase()),
      )
      .limit(1);
    let found = ranked(0, account);
    if (id !== null) found = found.unionAll(ranked(0, keyed().where('patients.id', '=', id)));
    const born = typedDate(text);
    if (born) {
      const bornThen = firstFound((eb) => eb('patients.date_of_birth', '=', born));
      found = found.unionAll(ranked(0, bornThen));
    }
    // A date is not part of a phone number; a term without letters is in no name (nor, here, any e-mail).
    const digits = born ? null : typedPhoneDigits(text);
    if (digits) {
      const phone = sql<string>`regexp_replace(patients.phone_number, '[^0-9]', '', 'g')`;
      const dialled = firstFound((eb) => eb(phone, 'like', likeContains(digits)));
      found = found.unionAll(ranked(0, dialled));
    }
    if (!/\p{L}/u.test(text)) return ordered(found);
    if (words.length > 1) {
      const both: Where = (eb) =>
        eb.and([
          eb(lowerName('first_name'), 'like', namePattern(words[0] ?? '')),
          eb(lowerName('last_name'), 'like', namePattern(words.slice(1).join(' '))),
        ]);
      found = found.unionAll(ranked(1, firstFound(both)));
    }
    found = found
      .unionAll(ranked(2, startingWith('last_name')))
      .unionAll(unlessPageFull(3, startingWith('first_name')));
    if (text.length >= TRIGRAM_MIN) {
      const pattern = likeContains(text);
      // An e-mail address holds no spaces: a term of several words is not looked for in one.
      const anywhere: Where = (eb) =>
        eb.or([
          eb(lowerName('last_name'), 'like', pattern),
          eb(lowerName('first_name'), 'like', pattern),
          ...(words.length > 1 ? [] : [eb(sql`lower(patients.email)`, 'like', pattern)]),
        ]);
      found = found.unionAll(unlessPageFull(4, firstFound(anywhere)));
    }
    return ordered(found);
  };

  return {
    findById(id: number) {
      return base().where('patients.id', '=', id).executeTakeFirst();
    },

    findByUsername(username: string) {
      return base().where(sql`lower(users.username)`, '=', username.toLowerCase()).executeTakeFirst();
    },

    /** One page of every patient, by name. */
    list(options: { offset?: number; limit: number }) {
      return byNameOrder()
        .limit(options.limit)
        .offset(options.offset ?? 0)
        .execute();
    },

    /** As list, by key: the patients after `after` in name order (patients_name_order_idx). */
    listAfter(options: { term?: string; after?: NameIdKey; limit: number }) {
      // The key as the database orders it (its lower(), its collation), for the next page's cursor.
      let query = byNameOrder().select([
        sql<string>`lower(patients.last_name)`.as('last_key'),
        sql<string>`lower(patients.first_name)`.as('first_key'),
      ]);
      if (options.term) {
        return query
          .where('patients.id', 'in', matchingPage(options.term, options.limit, options.after))
          .execute();
      }
      const after = options.after;
      if (after) query = query.where(afterKey(after));
      return query.limit(options.limit).execute();
    },

    /** How many patients there are: the count the database keeps (patients_total). */
    async count(): Promise<number> {
      const kept = await db.selectFrom('patients_total').select('n').executeTakeFirstOrThrow();
      return Number(kept.n);
    },

    /** Both given names must match as prefixes (either may be left out). */
    findByNames(names: { firstName?: string; lastName?: string }, limit: number) {
      let query = byNameOrder();
      if (names.firstName) {
        query = query.where(sql`lower(patients.first_name)`, 'like', likePrefix(names.firstName));
      }
      if (names.lastName) {
        query = query.where(sql`lower(patients.last_name)`, 'like', likePrefix(names.lastName));
      }
      return query.limit(limit).execute();
    },

    /** The ids of a free-text search's first `limit` matches, the most telling first (searchQuery). */
    async rankedIds(term: string, limit: number): Promise<number[]> {
      return (await searchQuery(term, limit).execute()).map((match) => match.id);
    },

    /** The patients of these ids, in the ids' order. */
    async inOrder(ids: readonly number[]) {
      if (ids.length === 0) return [];
      const place = new Map(ids.map((id, index) => [id, index]));
      const rows = await base()
        .where('patients.id', 'in', [...ids])
        .execute();
      return rows.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
    },

    /** The search's ranking query, for EXPLAIN. */
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
