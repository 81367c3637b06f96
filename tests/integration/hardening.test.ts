import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../server/modules/account/service';
import { issueToken } from '../../server/modules/auth/tokens';
import { cspDirectives, inlineScriptHashes, writeDist } from '../support/hostPage';
import { makeAdmin, moneySnapshot } from '../support/money';
import { BrowserSession, startOidcProvider, type LocalOidcProvider } from '../support/oidcProvider';
import { sendRaw } from '../support/rawHttp';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { appOnDatabase, call, describeEachDatabase } from '../support/testApp';

/**
 * The ten findings of the outside probe (issue #23), one test each, against one server per
 * database as a deployment would run it: rate limits on, mail through SMTP, the API on its own
 * origin (APP_URL_API), APP_URL unset (the default), a built host page, OAuth configured.
 * Requests carry their own X-Forwarded-For (trusted from loopback) so the per-IP limits of one
 * test do not reach the next.
 */
const API_ORIGIN = 'https://api.casino.example';
const PASSWORD = 'correct horse battery';

type Body = { message: string; errors?: Record<string, string[]> };

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

/** Quoted-printable soft line breaks undone, so links read whole. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describeEachDatabase('issue #23: the probe findings stay fixed', (kind) => {
  let sink: SmtpSink;
  let op: LocalOidcProvider;
  let appOrigin: string;
  let accounts = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    op = await startOidcProvider();
  });
  afterAll(async () => {
    await op?.close();
    await sink?.close();
  });

  const suite = appOnDatabase(kind, {
    env: (testDb) => {
      const dist = path.join(testDb.dataDir, 'dist');
      writeDist(dist);
      return {
        RATE_LIMITS: 'on',
        APP_URL: '',
        APP_URL_API: API_ORIGIN,
        DIST_DIR: dist,
        SMTP_URL: sink.url,
        ...op.env('GOOGLE', 'google-client', 'google-secret'),
      };
    },
  });

  beforeAll(() => {
    appOrigin = `http://localhost:${suite.server.config.port}`;
    op.start([
      {
        clientId: 'google-client',
        clientSecret: 'google-secret',
        redirectUri: `${API_ORIGIN}/api/oauth/google/callback`,
      },
    ]);
  });

  /** An account made in the database (registering over HTTP is limited to 10 an hour per IP). */
  async function newAccount(options: { verified?: boolean } = {}) {
    accounts += 1;
    const email = `probe-${kind}-${accounts}@example.test`;
    const user = await createUser(
      suite.server.database.db,
      {
        name: `Probe ${accounts}`,
        email,
        password: PASSWORD,
        emailVerified: options.verified ?? true,
      },
      suite.server.config.startingBalanceCents,
    );
    return { id: user.id, email, token: await issueToken(suite.server.database.db, user.id) };
  }

  const post = <T = Body>(url: string, body: unknown, headers: Record<string, string> = {}) =>
    call<T>(suite.server.url, 'POST', url, {
      body,
      headers: { 'x-forwarded-for': freshIp(), ...headers },
    });

  const mailsTo = (email: string) =>
    sink.inbox.filter((m) => m.to.includes(email.toLowerCase())).map((m) => unfold(m.raw));

  it('1. mails links to APP_URL (http://localhost:PORT unset), never to the Host or X-Forwarded-Host', async () => {
    const victim = await newAccount({ verified: false });
    const forged = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': freshIp(),
      'content-type': 'application/json',
    };
    for (const url of ['/api/password/email', '/api/email/resend']) {
      const res = await sendRaw(suite.server.url, {
        method: 'POST',
        url,
        headers: forged,
        body: JSON.stringify({ email: victim.email }),
      });
      expect(res.status, url).toBe(200);
    }
    await suite.server.app.background.drain();
    const mails = mailsTo(victim.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail).not.toContain('evil.example');
      const links = mail.match(/https?:\/\/[^\s]+/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(new URL(link).origin).toBe(appOrigin);
    }
  });

  it('2. limits logins, reset mails and resends per IP whatever the e-mail', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let batch = 0; batch < 4; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post(
            '/api/login',
            { email: `nobody-${batch}-${i}@example.test`, password: 'wrong password' },
            { 'x-forwarded-for': ip },
          ),
        ),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    // 20 logins a minute per IP: the rest never reach argon2.
    expect(statuses.filter((s) => s === 422)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);

    const mailIp = freshIp();
    const mailStatuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const url = i % 2 ? '/api/email/resend' : '/api/password/email';
      const res = await post(
        url,
        { email: `target-${i}@example.test` },
        { 'x-forwarded-for': mailIp },
      );
      mailStatuses.push(res.status);
    }
    // 10 mail requests a minute per IP, reset and resend together.
    expect(mailStatuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(mailStatuses.slice(10)).toEqual(Array(5).fill(429));
  });

  it('3. refuses NUL and broken UTF-16 with a 422 on the field, on public and signed-in routes', async () => {
    const user = await newAccount();
    const admin = await newAccount();
    await makeAdmin(suite.server.database.db, admin.id);
    const before = await moneySnapshot(suite.server.database.db);
    const register = (name: string) =>
      post('/api/register', {
        name,
        email: `nul-${kind}-${Math.random()}@example.test`,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
    const cases: [string, Promise<{ status: number; body: Body }>, string][] = [
      ['register name', register('a\u0000b'), 'name'],
      ['register name, lone surrogate', register('a\ud800b'), 'name'],
      [
        'creator search',
        call<Body>(suite.server.url, 'GET', '/api/creators?search_str=abc%00def'),
        'search_str',
      ],
      [
        'bet history game',
        call<Body>(suite.server.url, 'GET', '/api/bets?game=di%00ce', { token: user.token }),
        'game',
      ],
      [
        'profile name',
        call<Body>(suite.server.url, 'PATCH', '/api/settings/profile', {
          token: user.token,
          body: { name: 'a\u0000b', email: user.email },
        }),
        'name',
      ],
      [
        'admin reason',
        call<Body>(suite.server.url, 'POST', `/api/admin/users/${user.id}/balance`, {
          token: admin.token,
          body: { amount: 5, reason: 'bonus\u0000' },
        }),
        'reason',
      ],
      [
        'post title',
        call<Body>(suite.server.url, 'POST', '/api/admin/posts', {
          token: admin.token,
          body: { title: 'news\u0000', body: 'text' },
        }),
        'title',
      ],
    ];
    for (const [label, answer, field] of cases) {
      const res = await answer;
      expect(res.status, label).toBe(422);
      expect(res.body.errors?.[field]?.[0], label).toBe(
        `The ${field.replace(/_/g, ' ')} field contains characters that cannot be stored.`,
      );
    }
    expect(await moneySnapshot(suite.server.database.db)).toEqual(before);
  });

  it('4. refuses a bet body nested 5,000 levels deep with a 422, with or without an Idempotency-Key', async () => {
    const user = await newAccount();
    const bet = (extra: string, key?: string) =>
      call<Body & { balance?: number }>(suite.server.url, 'POST', '/api/games/dice/bets', {
        token: user.token,
        raw: `{"amount":1,"target":50,"condition":"under","extra":${extra}}`,
        headers: key ? { 'idempotency-key': key } : {},
      });
    const deep = '['.repeat(5000) + ']'.repeat(5000); // 10 KB
    const before = await moneySnapshot(suite.server.database.db);
    for (const key of ['deep-1', undefined]) {
      const res = await bet(deep, key);
      expect(res.status).toBe(422);
      expect(res.body.errors?.body?.[0]).toBe(
        'The body must not be nested more than 32 levels deep.',
      );
    }
    expect(await moneySnapshot(suite.server.database.db)).toEqual(before);
    // A body within the limit is still a bet (its extra field ignored), retried once.
    const shallow = '['.repeat(10) + ']'.repeat(10);
    const first = await bet(shallow, 'shallow-1');
    const retry = await bet(shallow, 'shallow-1');
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
  });

  it('5. lets the app on another origin send Idempotency-Key (CORS answers the headers asked for)', async () => {
    const preflight = (origin: string) =>
      fetch(`${suite.server.url}/api/games/dice/bets`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
    const app = await preflight(appOrigin);
    expect(app.status).toBe(204);
    expect(app.headers.get('access-control-allow-origin')).toBe(appOrigin);
    const allowed = (app.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'content-type', 'idempotency-key']) {
      expect(allowed.split(/\s*,\s*/)).toContain(header);
    }
    const foreign = await preflight('https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('6. drops a mailed reset token when the password is changed in the settings', async () => {
    const user = await newAccount();
    await post('/api/password/email', { email: user.email });
    await suite.server.app.background.drain();
    const mail = mailsTo(user.email).find((m) => m.includes('/password/reset/'));
    const token = /\/password\/reset\/([A-Za-z0-9]{64})/.exec(mail ?? '')?.[1];
    expect(token).toBeDefined();

    const changed = await call(suite.server.url, 'PATCH', '/api/settings/password', {
      token: user.token,
      body: {
        current_password: PASSWORD,
        password: 'changed in settings',
        password_confirmation: 'changed in settings',
      },
    });
    expect(changed.status).toBe(200);
    const reset = await post('/api/password/reset', {
      token,
      email: user.email,
      password: 'taken over by link',
      password_confirmation: 'taken over by link',
    });
    expect(reset.status).toBe(422);
    expect(reset.body.errors?.email?.[0]).toBe(
      'This password reset token is invalid or has expired.',
    );
    const login = (password: string) =>
      post('/api/login', { email: user.email, password }).then((r) => r.status);
    expect(await login('changed in settings')).toBe(200);
    expect(await login('taken over by link')).toBe(422);
  });

  it('7. serves /index.html as the rendered host page, its inline script allowed by the CSP', async () => {
    for (const url of ['/index.html', '/wallet']) {
      const res = await fetch(`${suite.server.url}${url}`);
      expect(res.status, url).toBe(200);
      const html = await res.text();
      expect(html, url).not.toContain('window.config = {};');
      expect(html, url).toContain(`"appUrlApi":"${API_ORIGIN}"`);
      const scriptSrc = cspDirectives(res.headers.get('content-security-policy')).get('script-src');
      const hashes = inlineScriptHashes(html);
      expect(hashes.length).toBeGreaterThan(0);
      for (const hash of hashes) expect(scriptSrc, url).toContain(hash);
    }
  });

  it('8. answers the popup page for a provider e-mail that is too long, holds NUL or is no address', async () => {
    const before = await moneySnapshot(suite.server.database.db);
    const emails = [`${'x'.repeat(250)}@example.test`, 'nul\u0000@example.test', 'not-an-address'];
    for (const [n, email] of emails.entries()) {
      const subject = `${kind}-odd-email-${n}`;
      op.accounts.set(subject, { email, email_verified: true, name: 'Odd' });
      const started = await post<{ url: string }>('/api/oauth/google', {});
      const callbackPrefix = `${API_ORIGIN}/api/oauth/google/callback`;
      const callback = await new BrowserSession().signIn(started.body.url, subject, callbackPrefix);
      const res = await fetch(callback.replace(API_ORIGIN, suite.server.url));
      expect(res.status, email).toBe(403);
      expect(res.headers.get('content-type'), email).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('google shared an email address that cannot be used here.');
      expect(html).toContain(`postMessage(m,${JSON.stringify(appOrigin)})`);
    }
    expect((await moneySnapshot(suite.server.database.db)).users).toBe(before.users);
    // Every other failure of the callback is the popup page too: a bad query, an unknown provider.
    for (const [url, status] of [
      ['/api/oauth/google/callback?code=a%00b&state=x', 422],
      ['/api/oauth/google/callback?state[]=1', 400],
      ['/api/oauth/myspace/callback?code=a&state=b', 404],
    ] as const) {
      const res = await fetch(`${suite.server.url}${url}`);
      expect(res.status, url).toBe(status);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(await res.text(), url).toContain(`postMessage(m,${JSON.stringify(appOrigin)})`);
    }
  });

  it('9a. answers a verification resend without waiting for the mail (known and unknown alike)', async () => {
    const user = await newAccount({ verified: false });
    const release = sink.hold();
    try {
      const answered = await Promise.race([
        post('/api/email/resend', { email: user.email }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
      ]);
      expect(answered?.status).toBe(200);
      const unknown = await post('/api/email/resend', { email: 'nobody@example.test' });
      expect(unknown.body).toEqual(answered?.body);
      expect(mailsTo(user.email)).toHaveLength(0); // still with the (held) mail server
      release();
      await suite.server.app.background.drain();
      expect(mailsTo(user.email)).toHaveLength(1);
    } finally {
      release();
    }
  });

  it('9b. limits e-mail changes to 5 a minute per account (each tells whether an address is taken)', async () => {
    const user = await newAccount();
    const other = await newAccount();
    const change = (email: string) =>
      call<Body>(suite.server.url, 'PATCH', '/api/settings/profile', {
        token: user.token,
        body: { name: 'Prober', email },
      });
    for (let i = 0; i < 5; i++) {
      const res = await change(other.email);
      expect(res.status).toBe(422);
      expect(res.body.errors?.email?.[0]).toBe('The email has already been taken.');
    }
    const sixth = await change(`free-${kind}@example.test`);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Keeping the address is no e-mail change: the name still saves.
    expect((await change(user.email)).status).toBe(200);
  });
});
