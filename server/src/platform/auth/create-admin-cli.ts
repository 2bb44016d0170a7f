import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../../config';
import { openConfiguredDatabase } from '../../db/bootstrap';
import { migrate } from '../../db/migrate';
import { hashPassword } from './passwords';

/**
 * npm run create-admin -- <username>: creates an ADMIN account on the configured database (the way to
 * get the first admin in production, where no demo accounts exist). The password is read from
 * ADMIN_PASSWORD or asked for on the terminal; it is never taken from the command line.
 */
const username = process.argv[2]?.trim();
if (!username || !/^[A-Za-z0-9._@-]{3,50}$/.test(username)) {
  console.error('Usage: npm run create-admin -- <username>   (3-50 letters, digits, . _ @ -)');
  process.exit(64);
}
let password = process.env.ADMIN_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Password for the new admin (at least 12 characters): ');
  rl.close();
}
if (password.length < 12) {
  console.error('The password must be at least 12 characters long.');
  process.exit(64);
}
const database = await openConfiguredDatabase(loadConfig());
try {
  await migrate(database);
  const existing = await database.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  if (existing) {
    console.error(`An account named "${username}" already exists.`);
    process.exitCode = 1;
  } else {
    await database.db
      .insertInto('users')
      .values({ username, password_hash: await hashPassword(password), role: 'ADMIN' })
      .execute();
    console.info(`ADMIN account "${username}" created.`);
  }
} finally {
  await database.close();
}
