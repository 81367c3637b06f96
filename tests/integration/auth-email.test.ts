import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lastMailTo, mailCountTo } from '../support/mailbox';
import {
  appOnDatabase,
  call,
  createTestDatabase,
  describeEachDatabase,
  registerUser,
  startTestApp,
  type TestDatabase,
} from '../support/testApp';

type Body = { message: string; errors?: Record<string, string[]> };

describeEachDatabase('e-mail verification and password reset', (kind) => {
  const suite = appOnDatabase(kind, { env: { APP_URL: 'https://casino.example' } });
  const mailDir = () => path.join(suite.testDb.dataDir, 'mail');

  /** '/email/verify/1?expires=..&signature=..' from the mailed link, as the SPA posts it. */
  const verifyApiPath = (link: string) => {
    const url = new URL(link);
    expect(url.origin).toBe('https://casino.example');
    expect(url.pathname).toMatch(/^\/email\/verify\/\d+$/);
    return `/api${url.pathname}${url.search}`;
  };

  it('mails a signed verification link to a new, unverified e-mail (a .eml and a .json in MAIL_DIR)', async () => {
    const { email, token } = await registerUser(suite.server.url, { unverified: true });
    await suite.server.app.background.drain(); // mails go out after the answer
    const mail = lastMailTo(mailDir(), email);
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.link).toMatch(
      /^https:\/\/casino\.example\/email\/verify\/\d+\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    const eml = fs.readFileSync(mail.emlFile, 'utf8');
    expect(eml).toContain(`To: ${email}`);
    expect(eml.replace(/=\r?\n/g, '')).toContain('/email/verify/');

    const before = await call(suite.server.url, 'GET', '/api/user', { token });
    expect(before.body.email_verified_at).toBeNull();
    const res = await call<Body>(suite.server.url, 'POST', verifyApiPath(mail.link!));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your email address has been verified.');
    const after = await call(suite.server.url, 'GET', '/api/user', { token });
    expect(typeof after.body.email_verified_at).toBe('string');

    const again = await call<Body>(suite.server.url, 'POST', verifyApiPath(mail.link!));
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Your email address is already verified.');
    const stillSame = await call(suite.server.url, 'GET', '/api/user', { token });
    expect(stillSame.body.email_verified_at).toBe(after.body.email_verified_at);
  });

  it('refuses a tampered, foreign or unsigned link with 403 and a clear message', async () => {
    const a = await registerUser(suite.server.url, { unverified: true });
    const b = await registerUser(suite.server.url, { unverified: true });
    await suite.server.app.background.drain();
    const linkA = verifyApiPath(lastMailTo(mailDir(), a.email).link!);
    const url = new URL(linkA, 'http://x');
    const signature = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    const idB = b.id;

    const cases = [
      `/api/email/verify/${idB}?expires=${expires}&signature=${signature}`,
      `${url.pathname}?expires=${expires + 10}&signature=${signature}`,
      `${url.pathname}?expires=${expires}&signature=${'0'.repeat(64)}`,
      `${url.pathname}?expires=${expires}`,
      url.pathname,
      `/api/email/verify/999999?expires=${expires}&signature=${signature}`,
    ];
    for (const p of cases) {
      const res = await call<Body>(suite.server.url, 'POST', p);
      expect(res.status, p).toBe(403);
      expect(res.body.message).toBe('This verification link is invalid. Ask for a new one.');
    }
    const user = await call(suite.server.url, 'GET', '/api/user', { token: b.token });
    expect(user.body.email_verified_at).toBeNull();

    const es = await call<Body>(suite.server.url, 'POST', cases[0]!, {
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(es.body.message).toBe('Este enlace de verificación no es válido. Solicita uno nuevo.');

    const bad = await call<Body>(suite.server.url, 'POST', '/api/email/verify/abc');
    expect(bad.status).toBe(422);
  });

  it('refuses an expired link with its own 403 message', async () => {
    const { createHmac } = await import('node:crypto');
    const { appSecrets } = await import('../../server/modules/auth/schema');
    const [row] = await suite.server.database.db.select().from(appSecrets);
    const key = Buffer.from(row!.value, 'base64');
    const a = await registerUser(suite.server.url, { unverified: true });
    const user = await call<{ email: string }>(suite.server.url, 'GET', '/api/user', {
      token: a.token,
    });
    const expires = Math.floor(Date.now() / 1000) - 5;
    const sig = createHmac('sha256', key)
      .update(`verify-email|${a.id}|${user.body.email}|${expires}`)
      .digest('hex');
    const res = await call<Body>(
      suite.server.url,
      'POST',
      `/api/email/verify/${a.id}?expires=${expires}&signature=${sig}`,
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This verification link has expired. Ask for a new one.');
  });

  it('resends a link to an unverified account, and answers the same for unknown ones', async () => {
    const a = await registerUser(suite.server.url, { unverified: true });
    await suite.server.app.background.drain();
    expect(mailCountTo(mailDir(), a.email)).toBe(1);
    const known = await call<Body>(suite.server.url, 'POST', '/api/email/resend', {
      body: { email: a.email.toUpperCase() },
    });
    const unknown = await call<Body>(suite.server.url, 'POST', '/api/email/resend', {
      body: { email: 'nobody-here@example.test' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await suite.server.app.background.drain();
    expect(mailCountTo(mailDir(), a.email)).toBe(2);
    expect(mailCountTo(mailDir(), 'nobody-here@example.test')).toBe(0);

    const invalid = await call<Body>(suite.server.url, 'POST', '/api/email/resend', {
      body: { email: 'not-an-email' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors?.email?.[0]).toBe('The email field must be a valid email address.');
  });

  it('resets a password with the mailed token once, and revokes every token', async () => {
    const a = await registerUser(suite.server.url, { unverified: true });
    const second = await call<{ token: string }>(suite.server.url, 'POST', '/api/login', {
      body: { email: a.email, password: a.password },
    });
    const asked = await call<Body>(suite.server.url, 'POST', '/api/password/email', {
      body: { email: a.email },
    });
    const unknown = await call<Body>(suite.server.url, 'POST', '/api/password/email', {
      body: { email: 'ghost@example.test' },
    });
    expect(asked.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(asked.body);
    await suite.server.app.background.drain(); // the mail is sent after the answer
    expect(mailCountTo(mailDir(), 'ghost@example.test')).toBe(0);

    const mail = lastMailTo(mailDir(), a.email);
    expect(mail.subject).toBe('Reset your password');
    const link = new URL(mail.link!);
    expect(link.origin).toBe('https://casino.example');
    const token = /^\/password\/reset\/([A-Za-z0-9]{64})$/.exec(link.pathname)?.[1];
    expect(token).toBeDefined();
    expect(link.searchParams.get('email')).toBe(a.email.toLowerCase());

    const mismatch = await call<Body>(suite.server.url, 'POST', '/api/password/reset', {
      body: { token, email: a.email, password: 'brand-new-pass', password_confirmation: 'other' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors?.password).toBeDefined();

    const wrongEmail = await call<Body>(suite.server.url, 'POST', '/api/password/reset', {
      body: {
        token,
        email: 'ghost@example.test',
        password: 'brand-new-pass',
        password_confirmation: 'brand-new-pass',
      },
    });
    expect(wrongEmail.status).toBe(422);
    expect(wrongEmail.body.errors?.email?.[0]).toBe(
      'This password reset token is invalid or has expired.',
    );

    const reset = await call<Body>(suite.server.url, 'POST', '/api/password/reset', {
      body: {
        token,
        email: a.email,
        password: 'brand-new-pass',
        password_confirmation: 'brand-new-pass',
      },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Your password has been reset.');

    for (const t of [a.token, second.body.token]) {
      expect((await call(suite.server.url, 'GET', '/api/user', { token: t })).status).toBe(401);
    }
    const oldLogin = await call(suite.server.url, 'POST', '/api/login', {
      body: { email: a.email, password: a.password },
    });
    expect(oldLogin.status).toBe(422);
    const newLogin = await call(suite.server.url, 'POST', '/api/login', {
      body: { email: a.email, password: 'brand-new-pass' },
    });
    expect(newLogin.status).toBe(200);

    const reuse = await call<Body>(suite.server.url, 'POST', '/api/password/reset', {
      body: {
        token,
        email: a.email,
        password: 'third-pass-123',
        password_confirmation: 'third-pass-123',
      },
    });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors?.email).toBeDefined();
  });

  it('refuses a reset token older than 60 minutes', async () => {
    const { passwordResetTokens } = await import('../../server/modules/auth/schema');
    const { eq } = await import('drizzle-orm');
    const a = await registerUser(suite.server.url, { unverified: true });
    await call(suite.server.url, 'POST', '/api/password/email', { body: { email: a.email } });
    await suite.server.app.background.drain();
    const token = new URL(lastMailTo(mailDir(), a.email).link!).pathname.split('/').at(-1);
    await suite.server.database.db
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(passwordResetTokens.userId, a.id));
    const res = await call<Body>(suite.server.url, 'POST', '/api/password/reset', {
      body: {
        token,
        email: a.email,
        password: 'brand-new-pass',
        password_confirmation: 'brand-new-pass',
      },
    });
    expect(res.status).toBe(422);
    expect((await call(suite.server.url, 'GET', '/api/user', { token: a.token })).status).toBe(200);
  });

  it('validates the reset and e-mail forms with 422 field errors', async () => {
    const missing = await call<Body>(suite.server.url, 'POST', '/api/password/reset', { body: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(
      ['email', 'password', 'password_confirmation', 'token'].sort(),
    );
    const short = await call<Body>(suite.server.url, 'POST', '/api/password/reset', {
      body: { token: 'x', email: 'a@b.test', password: 'short', password_confirmation: 'short' },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors?.password?.[0]).toBe(
      'The password field must be at least 8 characters.',
    );
    const noEmail = await call<Body>(suite.server.url, 'POST', '/api/password/email', { body: {} });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.errors?.email?.[0]).toBe('The email field is required.');
    const brokenJson = await call<Body>(suite.server.url, 'POST', '/api/password/email', {
      raw: '{"email":',
    });
    expect(brokenJson.status).toBe(400);
  });
});

describeEachDatabase('the key behind signed links', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  const verifyPath = (link: string) => {
    const url = new URL(link);
    return `/api${url.pathname}${url.search}`;
  };

  it('keeps the generated key in the database, so links survive a restart; APP_KEY replaces it', async () => {
    const mailDir = path.join(testDb.dataDir, 'mail');
    let server = await startTestApp(testDb);
    const a = await registerUser(server.url, { unverified: true });
    const b = await registerUser(server.url, { unverified: true });
    await server.close();

    server = await startTestApp(testDb);
    try {
      const res = await call(server.url, 'POST', verifyPath(lastMailTo(mailDir, a.email).link!));
      expect(res.status).toBe(200);
    } finally {
      await server.close();
    }

    server = await startTestApp(testDb, {
      APP_KEY: 'base64:' + Buffer.alloc(32, 7).toString('base64'),
    });
    try {
      const old = await call(server.url, 'POST', verifyPath(lastMailTo(mailDir, b.email).link!));
      expect(old.status).toBe(403);
      await call(server.url, 'POST', '/api/email/resend', { body: { email: b.email } });
      await server.app.background.drain();
      const fresh = await call(server.url, 'POST', verifyPath(lastMailTo(mailDir, b.email).link!));
      expect(fresh.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
