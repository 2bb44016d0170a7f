import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import type { TestApp } from './test-app';

/**
 * A second app instance on the test's PostgreSQL database, with its own connection pool, as a second server of
 * the network would be (issue 12: concurrency is proven with two instances, requests spread across both).
 */
export interface SecondInstance {
  app: FastifyInstance;
  /** app.inject with an optional bearer token, like TestApp.call. */
  call: TestApp['call'];
  close(): Promise<void>;
}

export async function startSecondInstance(
  t: TestApp,
  options: { now?: () => Date } = {},
): Promise<SecondInstance> {
  if (!t.database.url) throw new Error('a second instance needs the PostgreSQL server (TEST_DATABASE_URL)');
  const database = await openDatabase({ url: t.database.url, poolSize: 10 });
  const app = await buildApp({
    config: t.config,
    db: database.db,
    listen: database.listen,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();
  return {
    app,
    call: ({ token, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
