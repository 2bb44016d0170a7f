import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** How many times a statement's text is sent before it is prepared. */
const PREPARE_AFTER = 3;
/** The most statements prepared: each connection keeps at most this many in the server's memory. */
export const PREPARED_STATEMENTS_MAX = 64;
/** The most distinct texts counted at once; the count starts again beyond it. */
const COUNTED_TEXTS_MAX = 10_000;
/**
 * A statement that selects or returns every column (`select *`, `"t".*`, `returning *`; not `count(*)`). Its
 * result's shape follows the table: prepared, it would fail ("cached plan must not change result type") on an
 * instance still running when another one's migration adds a column. Such statements stay unprepared.
 */
const EVERY_COLUMN = /(^|[\s,.])\*(\s|,|$)/;

/**
 * Which statements go to PostgreSQL as named prepared statements (issue 13). The app sends the same few
 * statements over and over (the read of a patient with its audit row, the audit row of a call, a session's
 * check), and planning one can cost more than running it: the audited patient read plans for 0.15 ms (an insert
 * into the partitioned audit log opens every partition and index) and runs in 0.11 ms. Prepared, PostgreSQL
 * parses it once per connection and reuses its plan while that plan is no worse than a fresh one (its own rule:
 * five custom plans first, a generic one only when it costs no more); a bare benchmark of that statement went from
 * 4,000 to 8,200 a second.
 *
 * Statements whose result follows the table's columns (EVERY_COLUMN) are never prepared. Bounded: a text is
 * prepared after PREPARE_AFTER sends, and at most PREPARED_STATEMENTS_MAX texts ever are
 * (statements that vary with their input, such as `in ($1, $2, ...)` lists, stay unprepared once the cap is
 * reached); the name is the text's hash, the same on every connection and instance.
 */
export class StatementNames {
  readonly #named = new Map<string, string>();
  readonly #counted = new Map<string, number>();

  constructor(
    private readonly max = PREPARED_STATEMENTS_MAX,
    private readonly after = PREPARE_AFTER,
  ) {}

  /** The prepared statement's name for this text, or undefined to send it unprepared. */
  nameOf(text: string): string | undefined {
    if (EVERY_COLUMN.test(text)) return undefined;
    const named = this.#named.get(text);
    if (named !== undefined || this.#named.size >= this.max) return named;
    const sent = (this.#counted.get(text) ?? 0) + 1;
    if (sent < this.after) {
      if (this.#counted.size >= COUNTED_TEXTS_MAX) this.#counted.clear();
      this.#counted.set(text, sent);
      return undefined;
    }
    this.#counted.delete(text);
    const name = `s${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    this.#named.set(text, name);
    return name;
  }

  get size(): number {
    return this.#named.size;
  }
}

/** A client lent to Kysely: sends a text with parameters prepared when StatementNames says so. */
class PreparingClient implements PostgresPoolClient {
  /** Kysely reads it to cancel a running query from another connection. */
  readonly processID: number | undefined;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly names: StatementNames,
  ) {
    this.processID = (client as pg.PoolClient & { processID?: number }).processID;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    input: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // A cursor (Kysely's stream) goes as it is.
    if (typeof input !== 'string')
      return this.client.query(input as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    const values = [...(parameters ?? [])];
    const name = this.names.nameOf(input);
    const result =
      name === undefined
        ? this.client.query(input, values)
        : this.client.query({ name, text: input, values });
    return result as unknown as Promise<PostgresQueryResult<R>>;
  }

  release(destroy?: boolean) {
    this.client.release(destroy);
  }
}

/** The pool Kysely uses: every client it lends sends the often-sent statements prepared (StatementNames). */
export function preparingPool(pool: pg.Pool, names: StatementNames = new StatementNames()): PostgresPool {
  return {
    // Kysely's query cancellation opens a client of the pool's kind with the pool's options.
    Client: (pool as pg.Pool & { Client?: PostgresPool['Client'] }).Client,
    options: pool.options,
    end: () => pool.end(),
    connect: async () => new PreparingClient(await pool.connect(), names),
  };
}
