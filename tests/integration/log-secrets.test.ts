import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '../../server/db/prepared';
import { totpCode } from '../../server/modules/auth/totp';
import { waitForMail } from '../support/mailbox';
import { waitForConfirmToken } from '../support/registration';
import { appOnDatabase, call, describeEachDatabase } from '../support/testApp';

/**
 * The server's whole log (level trace) while an account goes through everything that handles a
 * secret, including two statements that fail in the database (their error carries the bound
 * values: a password hash, a new server seed). Afterwards no password, password hash, token,
 * reset token, link signature, TOTP secret, server seed or the link key may appear in it.
 */
describeEachDatabase('the log holds no secret', (kind) => {
  let log = '';
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const suite = appOnDatabase(kind, { env: { LOG_LEVEL: 'trace' }, build: { logStream: stream } });

  const select = async (query: ReturnType<typeof sql>) =>
    rowsOf<Record<string, unknown>>(await suite.server.database.db.execute(query)).flatMap((row) =>
      Object.values(row).map(String),
    );

  it('after sign-up, sign-in, 2FA, reset, bets, seed rotation, OAuth callbacks and failed statements', async () => {
    const mailDir = path.join(suite.testDb.dataDir, 'mail');
    const email = `logged-${kind}@example.test`;
    const passwords = ['first secret password', 'second secret password', 'third secret pass'];
    const secrets: string[] = [...passwords];

    const registered = await call(suite.server.url, 'POST', '/api/register', {
      body: {
        name: 'Logged',
        email: `pre-${email}`,
        password: passwords[0],
        password_confirmation: passwords[0],
      },
    });
    expect(registered.status).toBe(202);
    // The registration link's token (in a request body) and the account's bearer token.
    const confirmToken = await waitForConfirmToken(mailDir, `pre-${email}`);
    secrets.push(confirmToken);
    const confirmed = await call<{ token: string }>(
      suite.server.url,
      'POST',
      '/api/register/confirm',
      { body: { token: confirmToken } },
    );
    expect(confirmed.status).toBe(201);
    const token = confirmed.body.token;
    secrets.push(token);
    // A new e-mail gets a verification link (its signature in the query string of a logged URL).
    const changed = await call(suite.server.url, 'PATCH', '/api/settings/profile', {
      token,
      body: { name: 'Logged', email },
    });
    expect(changed.status).toBe(200);

    const verifyMail = await waitForMail(mailDir, email, { link: /\/email\/verify\// });
    const verifyUrl = new URL(verifyMail.link!);
    secrets.push(verifyUrl.searchParams.get('signature')!);
    const verified = await call(
      suite.server.url,
      'POST',
      `/api/${verifyUrl.pathname.slice(1)}${verifyUrl.search}`,
    );
    expect(verified.status).toBe(200);

    const login = await call<{ token: string; device_token: string }>(
      suite.server.url,
      'POST',
      '/api/login',
      {
        body: { email, password: passwords[0] },
      },
    );
    secrets.push(login.body.token, login.body.device_token);

    const setup = await call<{ secret: string; otpauth_url: string }>(
      suite.server.url,
      'POST',
      '/api/settings/2fa',
      { token, body: { action: 'enable' } },
    );
    secrets.push(setup.body.secret);
    // A wrong code is refused (and logged as a request): the pending secret stays pending.
    const code = totpCode(setup.body.secret);
    await call(suite.server.url, 'POST', '/api/settings/2fa', {
      token,
      body: { action: 'confirm', code: code === '000000' ? '111111' : '000000' },
    });

    await call(suite.server.url, 'POST', '/api/password/email', { body: { email } });
    const resetMail = await waitForMail(mailDir, email, { link: /\/password\/reset\// });
    const resetToken = new URL(resetMail.link!).pathname.split('/').at(-1)!;
    secrets.push(resetToken);
    const reset = await call(suite.server.url, 'POST', '/api/password/reset', {
      body: {
        token: resetToken,
        email,
        password: passwords[1],
        password_confirmation: passwords[1],
      },
    });
    expect(reset.status).toBe(200);
    const again = await call<{ token: string }>(suite.server.url, 'POST', '/api/login', {
      body: { email, password: passwords[1] },
    });
    expect(again.status).toBe(200);
    const signedIn = again.body.token;
    secrets.push(signedIn);
    await call(suite.server.url, 'PATCH', '/api/settings/password', {
      token: signedIn,
      body: {
        current_password: passwords[1],
        password: passwords[2],
        password_confirmation: passwords[2],
      },
    });

    const bet = await call(suite.server.url, 'POST', '/api/games/dice/bets', {
      token: signedIn,
      body: { amount: 1, target: 50, condition: 'under' },
      headers: { 'idempotency-key': 'log-scan-1' },
    });
    expect(bet.status).toBe(200);
    await call(suite.server.url, 'POST', '/api/fairness/rotate', { token: signedIn, body: {} });

    // The provider sends code and state back in the query string.
    await call(
      suite.server.url,
      'GET',
      '/api/oauth/github/callback?code=oauthcode123&state=oauthstate4567',
    );
    secrets.push('oauthcode123', 'oauthstate4567');
    await call(suite.server.url, 'GET', '/api/user', { token: `${signedIn}x` });

    // Two statements the database refuses: their errors carry every bound value.
    await suite.server.database.db.execute(
      sql.raw(`ALTER TABLE users ADD CONSTRAINT log_scan_name CHECK (name <> 'Refused')`),
    );
    await suite.server.database.db.execute(
      sql.raw(
        `ALTER TABLE seed_pairs ADD CONSTRAINT log_scan_seed CHECK (client_seed <> 'refused')`,
      ),
    );
    const refusedEmail = `refused-${kind}@example.test`;
    const refusedStart = await call(suite.server.url, 'POST', '/api/register', {
      body: {
        name: 'Refused',
        email: refusedEmail,
        password: 'refused secret password',
        password_confirmation: 'refused secret password',
      },
    });
    expect(refusedStart.status).toBe(202);
    const refusedToken = await waitForConfirmToken(mailDir, refusedEmail);
    secrets.push(refusedToken);
    const refusedUser = await call(suite.server.url, 'POST', '/api/register/confirm', {
      body: { token: refusedToken },
    });
    expect(refusedUser.status).toBe(500);
    secrets.push('refused secret password');
    const refusedSeed = await call(suite.server.url, 'POST', '/api/fairness/rotate', {
      token: signedIn,
      body: { client_seed: 'refused' },
    });
    expect(refusedSeed.status).toBe(500);
    await suite.server.app.background.drain();

    secrets.push(
      ...(await select(sql`SELECT password_hash FROM users WHERE password_hash IS NOT NULL`)),
      ...(await select(sql`SELECT token_hash FROM personal_access_tokens`)),
      ...(await select(sql`SELECT token_hash FROM known_devices`)),
      ...(await select(sql`SELECT server_seed FROM seed_pairs`)),
      ...(await select(sql`SELECT value FROM app_secrets`)),
    );

    // The scan saw what it had to: requests, the query strings and both failures.
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/email/verify/');
    expect(log).toContain('signature=[redacted]');
    expect(log.match(/Failed query/g)?.length ?? 0).toBeGreaterThanOrEqual(2);

    const found = secrets.filter((secret) => secret && log.includes(secret));
    expect(found).toEqual([]);
    // Shapes of secrets that were never known to the test (the refused rows' hash and seed).
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toMatch(/\b[0-9a-f]{64}\b/);
    expect(log).not.toMatch(/\b\d+\|[A-Za-z0-9]{40}\b/);
  });
});
