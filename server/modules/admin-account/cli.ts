import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { ensureAdmin } from './service';

/**
 * npm run admin:create -- --email X --password Y [--name N]
 * Creates the admin account, or promotes an existing account and sets its password. Uses the
 * server's DATA_DIR / DATABASE_URL (PGlite: stop the server first, it holds the data folder).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string', default: 'Admin' },
    },
  });
  if (!values.email || !values.password) {
    throw new Error('usage: npm run admin:create -- --email X --password Y [--name N]');
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(values.email)) throw new Error(`not an e-mail: ${values.email}`);
  if (values.password.length < 8) throw new Error('the password needs at least 8 characters');
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { user, created } = await ensureAdmin(
      database.db,
      { email: values.email, password: values.password, name: values.name ?? 'Admin' },
      config.startingBalanceCents,
      { resetPassword: true },
    );
    console.log(`${created ? 'Created' : 'Promoted'} admin #${user.id} ${user.email}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
