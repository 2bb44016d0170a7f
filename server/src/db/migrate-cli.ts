import { loadConfig } from '../config';
import { openConfiguredDatabase } from './bootstrap';
import { migrate } from './migrate';

// npm run db:migrate: applies pending migrations to the configured database and exits.
const database = await openConfiguredDatabase(loadConfig());
try {
  const applied = await migrate(database);
  console.info(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await database.close();
}
