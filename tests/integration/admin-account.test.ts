import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerEntries, users } from '../../server/db/schema';
import { repoRoot } from '../support/server';
import {
  call,
  createTestDatabase,
  describeEachDatabase,
  registerUser,
  startTestApp,
  type TestDatabase,
} from '../support/testApp';

const run = promisify(execFile);

describeEachDatabase('admin account', (kind) => {
  let testDb: TestDatabase;
  const admin = { ADMIN_EMAIL: 'Boss@Casino.example', ADMIN_PASSWORD: 'boss-password-1' };

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('is created at start from ADMIN_EMAIL/ADMIN_PASSWORD, once, through the ledger', async () => {
    for (let start = 0; start < 2; start++) {
      const server = await startTestApp(testDb, admin);
      try {
        const login = await call<{ token: string }>(server.url, 'POST', '/api/login', {
          body: { email: 'boss@casino.example', password: 'boss-password-1' },
        });
        expect(login.status).toBe(200);
        const user = await call(server.url, 'GET', '/api/user', { token: login.body.token });
        expect(user.body).toMatchObject({ email: 'boss@casino.example', role: 'admin' });
        expect(typeof user.body.email_verified_at).toBe('string');
        const rows = await server.database.db
          .select()
          .from(users)
          .where(eq(users.email, 'boss@casino.example'));
        expect(rows).toHaveLength(1);
        const ledger = await server.database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.userId, rows[0]!.id));
        expect(ledger.map((l) => l.deltaCents)).toEqual([100_000]);
      } finally {
        await server.close();
      }
    }
  });

  it('refuses a half-configured admin with a clear message', async () => {
    await expect(startTestApp(testDb, { ADMIN_EMAIL: 'x@y.test' })).rejects.toThrow(
      /ADMIN_PASSWORD/,
    );
  });

  it('npm run admin:create promotes an account and sets its password, or creates one', async () => {
    const server = await startTestApp(testDb);
    const player = await registerUser(server.url);
    await server.close(); // PGlite: one process per data folder
    const env = {
      ...process.env,
      DATA_DIR: testDb.dataDir,
      LOG_LEVEL: 'silent',
      ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
    };
    const cli = (args: string[]) =>
      run('npm', ['run', '--silent', 'admin:create', '--', ...args], { cwd: repoRoot, env });

    const promoted = await cli(['--email', player.email, '--password', 'promoted-pass-1']);
    expect(promoted.stdout).toMatch(/^Promoted admin #\d+ /m);
    const created = await cli([
      '--email',
      `cli-admin-${kind}@casino.example`,
      '--password',
      'cli-admin-pass',
      '--name',
      'CLI Admin',
    ]);
    expect(created.stdout).toMatch(/^Created admin #\d+ /m);
    await expect(cli(['--email', 'x@y.test'])).rejects.toMatchObject({
      stderr: expect.stringMatching(/usage: npm run admin:create/),
    });

    const again = await startTestApp(testDb);
    try {
      const login = await call<{ token: string }>(again.url, 'POST', '/api/login', {
        body: { email: player.email, password: 'promoted-pass-1' },
      });
      expect(login.status).toBe(200);
      const me = await call(again.url, 'GET', '/api/user', { token: login.body.token });
      expect(me.body.role).toBe('admin');
      const cliAdmin = await call<{ token: string }>(again.url, 'POST', '/api/login', {
        body: { email: `cli-admin-${kind}@casino.example`, password: 'cli-admin-pass' },
      });
      const cliMe = await call(again.url, 'GET', '/api/user', { token: cliAdmin.body.token });
      expect(cliMe.body).toMatchObject({ name: 'CLI Admin', role: 'admin' });
    } finally {
      await again.close();
    }
  });
});
