import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateWhenReachable } from './db/migrate-when-reachable.js';
import { DatabaseLockedError } from './db/pglite-lock.js';
import { readablePassword, setPassword } from './accounts/set-password.js';

/**
 * `npm run reset-password -- EMAIL`: the way back in on a server that sends no email. Prints a
 * new password for the operator to pass on; the user changes it in Account settings.
 */
async function main(): Promise<number> {
  const email = process.argv[2]?.trim();
  if (!email || process.argv.length > 3) {
    process.stderr.write('Usage: npm run reset-password -- EMAIL\n');
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  let database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    process.stderr.write(
      `${error.message}\nThe embedded database serves one process at a time: stop the server, run this command again, then start the server.\n`,
    );
    return 1;
  }
  try {
    await migrateWhenReachable(database, {
      warn: (_details, message) => process.stderr.write(`${message}\n`),
    });
    const password = readablePassword();
    if ((await setPassword(database, email, password)) === 'no-such-account') {
      process.stderr.write(`No account uses ${email}.\n`);
      return 1;
    }
    process.stdout.write(
      `New password for ${email}: ${password}\n` +
        'Every session of this account was signed out. Pass the password on privately; ' +
        'it can be changed under Account settings.\n',
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
