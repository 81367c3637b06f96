import { afterAll, beforeAll, expect, it } from 'vitest';
import { BrowserSession, startOidcProvider, type LocalOidcProvider } from '../support/oidcProvider';
import { freePort } from '../support/server';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';
import { totpCode } from '../../server/modules/auth/totp';

const APP_URL = 'http://app.casino.test';

/** What the callback page posts: the message and the target origin of its postMessage call. */
function postedMessage(html: string): { message: Record<string, string>; targetOrigin: string } {
  const match =
    /var m=(\{.*?\});if\(window\.opener\)\{window\.opener\.postMessage\(m,("[^"]*")\);\}if\(m\.token\)\{window\.close\(\);\}/.exec(
      html,
    );
  if (!match) throw new Error(`no postMessage in ${html}`);
  return {
    message: JSON.parse(match[1]!) as Record<string, string>,
    targetOrigin: JSON.parse(match[2]!) as string,
  };
}

describeEachDatabase('OAuth sign-in against a local OpenID provider', (kind) => {
  let op: LocalOidcProvider;
  let sub = 0;

  beforeAll(async () => {
    op = await startOidcProvider();
  });
  afterAll(async () => {
    await op?.close();
  });

  const suite = appOnDatabase(kind, {
    // The app is on APP_URL; the API (where the provider sends the popup back) on this server.
    env: async () => {
      const port = await freePort();
      return {
        PORT: String(port),
        APP_URL,
        APP_URL_API: `http://127.0.0.1:${port}`,
        ...op.env('GOOGLE', 'google-client', 'google-secret'),
        ...op.env('MICROSOFT', 'microsoft-client', 'microsoft-secret'),
      };
    },
  });

  beforeAll(() => {
    op.start([
      {
        clientId: 'google-client',
        clientSecret: 'google-secret',
        redirectUri: `${suite.server.url}/api/oauth/google/callback`,
      },
      {
        clientId: 'microsoft-client',
        clientSecret: 'microsoft-secret',
        redirectUri: `${suite.server.url}/api/oauth/microsoft/callback`,
      },
    ]);
  });

  /** The whole popup: start, sign in and consent at the provider, land on the callback page. */
  async function signIn(provider: 'google' | 'microsoft', account: string) {
    const started = await call<{ url: string }>(suite.server.url, 'POST', `/api/oauth/${provider}`);
    expect(started.status).toBe(200);
    const authorize = new URL(started.body.url);
    expect(authorize.origin).toBe(op.issuer);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${suite.server.url}/api/oauth/${provider}/callback`,
    );
    expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const browser = new BrowserSession();
    const callback = await browser.signIn(
      started.body.url,
      account,
      `${suite.server.url}/api/oauth/${provider}/callback`,
    );
    const res = await fetch(callback);
    return { res, html: await res.text(), callback };
  }

  const newAccount = (email: string, verified = true) => {
    sub += 1;
    const id = `${kind}-subject-${sub}`;
    op.accounts.set(id, { email, email_verified: verified, name: `OIDC ${sub}` });
    return id;
  };

  it('creates an account, and the page posts a working token to the app origin only', async () => {
    const email = `oidc-new-${kind}@example.test`;
    const account = newAccount(email);
    const { res, html, callback } = await signIn('google', account);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    const { message, targetOrigin } = postedMessage(html);
    expect(targetOrigin).toBe(APP_URL);
    expect(message.token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);

    const user = await call(suite.server.url, 'GET', '/api/user', { token: message.token });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ email, name: `OIDC ${sub}` });
    expect(typeof user.body.email_verified_at).toBe('string');
    expect(
      (await call(suite.server.url, 'GET', '/api/user/balance', { token: message.token })).body,
    ).toEqual({ balance: 1000 });

    // The same identity signs in to the same account; a replayed callback (spent state) fails.
    const again = await signIn('google', account);
    const second = postedMessage(again.html).message;
    const sameUser = await call(suite.server.url, 'GET', '/api/user', { token: second.token });
    expect(sameUser.body.id).toBe(user.body.id);
    const replay = await fetch(callback);
    expect(replay.status).toBe(400);
    expect(postedMessage(await replay.text()).message.error).toBe(
      'This sign-in attempt has expired or was already used. Please try again.',
    );
  });

  it('links to an existing account by verified e-mail', async () => {
    const existing = await registerUser(suite.server.url);
    const account = newAccount(existing.email.toUpperCase());
    const { html } = await signIn('microsoft', account);
    const { message } = postedMessage(html);
    const user = await call(suite.server.url, 'GET', '/api/user', { token: message.token });
    expect(user.body.id).toBe(existing.id);
    expect(typeof user.body.email_verified_at).toBe('string');
  });

  it('never takes over an account through an unverified e-mail', async () => {
    const existing = await registerUser(suite.server.url);
    const account = newAccount(existing.email, false);
    const { res, html } = await signIn('google', account);
    expect(res.status).toBe(403);
    const { message } = postedMessage(html);
    expect(message.token).toBeUndefined();
    expect(message.error).toBe(
      'An account with this email address already exists. Sign in with your password.',
    );
    // A fresh unverified address makes a new, unverified account.
    const fresh = newAccount(`oidc-unverified-${kind}@example.test`, false);
    const created = postedMessage((await signIn('google', fresh)).html).message;
    const user = await call(suite.server.url, 'GET', '/api/user', { token: created.token });
    expect(user.body.email_verified_at).toBeNull();
    expect(user.body.id).not.toBe(existing.id);
  });

  it('refuses accounts with two-factor on (they sign in with password and code)', async () => {
    const existing = await registerUser(suite.server.url);
    const setup = await call<{ secret: string }>(suite.server.url, 'POST', '/api/settings/2fa', {
      token: existing.token,
      body: { action: 'enable' },
    });
    await call(suite.server.url, 'POST', '/api/settings/2fa', {
      token: existing.token,
      body: { action: 'confirm', code: totpCode(setup.body.secret) },
    });
    const { res, html } = await signIn('google', newAccount(existing.email));
    expect(res.status).toBe(403);
    expect(postedMessage(html).message.error).toMatch(/two-factor/);
  });

  it('answers 404 for unknown and unconfigured providers, 400 pages for bad callbacks', async () => {
    const unknown = await call(suite.server.url, 'POST', '/api/oauth/myspace');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Unknown sign-in provider "myspace".' });
    const github = await call(suite.server.url, 'POST', '/api/oauth/github');
    expect(github.status).toBe(404);
    expect(github.body).toEqual({
      message: 'Sign-in with github is not configured on this server.',
    });
    const githubCallback = await call(
      suite.server.url,
      'GET',
      '/api/oauth/github/callback?code=x&state=y',
    );
    expect(githubCallback.status).toBe(404);

    const noState = await fetch(`${suite.server.url}/api/oauth/google/callback?code=abc`);
    expect(noState.status).toBe(400);
    const forged = await fetch(
      `${suite.server.url}/api/oauth/google/callback?code=abc&state=${'a'.repeat(40)}`,
    );
    expect(forged.status).toBe(400);
    expect(postedMessage(await forged.text()).targetOrigin).toBe(APP_URL);

    // A state is bound to its provider and spent by a denial too.
    const started = await call<{ url: string }>(suite.server.url, 'POST', '/api/oauth/google');
    const state = new URL(started.body.url).searchParams.get('state');
    const crossed = await fetch(
      `${suite.server.url}/api/oauth/microsoft/callback?code=abc&state=${state}`,
    );
    expect(crossed.status).toBe(400);
    const denied = await fetch(
      `${suite.server.url}/api/oauth/google/callback?error=access_denied&state=${state}`,
    );
    expect(denied.status).toBe(400);
    expect(postedMessage(await denied.text()).message.error).toBe(
      'Sign-in with google was cancelled.',
    );

    // A code the provider does not know: the exchange fails, 502 page, no token.
    const fresh = await call<{ url: string }>(suite.server.url, 'POST', '/api/oauth/google');
    const freshState = new URL(fresh.body.url).searchParams.get('state');
    const badCode = await fetch(
      `${suite.server.url}/api/oauth/google/callback?code=not-a-real-code&state=${freshState}`,
    );
    expect(badCode.status).toBe(502);
    expect(postedMessage(await badCode.text()).message.token).toBeUndefined();
  });
});
