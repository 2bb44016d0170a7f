/**
 * The app under the scale benchmark, in a process of its own (bench/src/scale.ts starts it): the load generator
 * and the baseline route stay out of its heap and event loop, and its peak RSS is its own. Production settings,
 * on the database of BENCH_APP_DATABASE_URL; it says its address on stdout and stops on SIGTERM.
 */
import { buildApp } from '@clinic/server/src/app';
import { loadConfig } from '@clinic/server/src/config';
import { openDatabase } from '@clinic/server/src/db/database';

const JWT_SECRET = 'bench-only-jwt-secret-bench-only-jwt-secret';

async function main() {
  const url = process.env.BENCH_APP_DATABASE_URL;
  if (!url) throw new Error('BENCH_APP_DATABASE_URL is required');
  const database = await openDatabase({ url, poolSize: 20 });
  const config = {
    ...loadConfig({ NODE_ENV: 'production', SEED: 'none', JWT_SECRET, LOG_LEVEL: 'warn' }),
    webDist: undefined,
  };
  const app = await buildApp({ config, db: database.db, listen: database.listen });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  process.stdout.write(`listening http://127.0.0.1:${address.port}\n`);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

main().catch((error) => {
  console.error('scale-server:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
