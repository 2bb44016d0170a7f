import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { seedDemo } from '../src/db/seed/demo-seed';
import { createTestDatabase, type TestDatabase } from './test-database';

export const DEMO_PASSWORD = 'demo1234';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Signs in through the right door for the account's role and returns the bearer token. */
  login(username: string, password?: string): Promise<string>;
  /** The patient record linked to a PATIENT account. */
  patientIdOf(username: string): Promise<number>;
  /**
   * Waits until this instance has heard every session or account change committed so far: call it after
   * changing sessions or users directly in the database, as the app does itself when it changes them.
   */
  syncSessions(): Promise<void>;
  /** app.inject with an optional bearer token. */
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The real app on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with the demo seed. */
export async function createTestApp(
  options: { seed?: boolean; config?: Partial<Config>; now?: () => Date } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDemo(database.db, { includeAccounts: true });
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-42', SEED: 'none' }),
    webDist: undefined,
    ...options.config,
  };
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();

  const call: TestApp['call'] = ({ token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  return {
    app,
    database,
    config,
    call,
    syncSessions: () => app.sessionCache.sync(),
    async patientIdOf(username) {
      const row = await database.db
        .selectFrom('users')
        .select('patient_id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      if (row.patient_id === null) throw new Error(`${username} is not a patient account`);
      return row.patient_id;
    },
    async login(username, password = DEMO_PASSWORD) {
      const account = await database.db
        .selectFrom('users')
        .select('role')
        .where('username', '=', username)
        .executeTakeFirst();
      const url = account?.role === 'PATIENT' ? '/api/patientinfo/login' : '/api/doctorinfo/doctor/login';
      const res = await call({ method: 'POST', url, payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
