import http from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

interface GithubUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

/**
 * GitHub's OAuth app endpoints as GitHub shapes them (numeric `id`, no `email_verified`, the
 * verified addresses only at /user/emails): the outside world, kept to what the server reads.
 * The authorize step signs in `next` at once; the token step checks the PKCE verifier.
 */
async function startGithub() {
  const codes = new Map<string, { challenge: string; user: GithubUser; redirectUri: string }>();
  const tokens = new Map<string, GithubUser>();
  let next: GithubUser | null = null;
  let n = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://github.test');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (url.pathname === '/login/oauth/authorize') {
      const code = `code-${++n}`;
      const redirectUri = url.searchParams.get('redirect_uri')!;
      codes.set(code, {
        challenge: url.searchParams.get('code_challenge')!,
        user: next!,
        redirectUri,
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.toString() }).end();
    } else if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const ok =
          grant &&
          form.get('client_id') === 'gh-client' &&
          form.get('client_secret') === 'gh-secret' &&
          form.get('redirect_uri') === grant.redirectUri &&
          createHash('sha256').update(verifier).digest('base64url') === grant.challenge;
        if (!ok) return json(200, { error: 'bad_verification_code' }); // GitHub answers 200 here
        const token = `gho_${++n}`;
        tokens.set(token, grant.user);
        json(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      });
    } else if (url.pathname === '/user' && user) {
      json(200, { id: user.id, login: user.login, name: user.name, email: user.email });
    } else if (url.pathname === '/user/emails' && user) {
      json(200, user.emails);
    } else {
      json(401, { message: 'Requires authentication' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      OAUTH_GITHUB_CLIENT_ID: 'gh-client',
      OAUTH_GITHUB_CLIENT_SECRET: 'gh-secret',
      OAUTH_GITHUB_AUTHORIZE_URL: `${base}/login/oauth/authorize`,
      OAUTH_GITHUB_TOKEN_URL: `${base}/login/oauth/access_token`,
      OAUTH_GITHUB_USERINFO_URL: `${base}/user`,
      OAUTH_GITHUB_EMAILS_URL: `${base}/user/emails`,
    },
    signInAs: (user: GithubUser) => (next = user),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const posted = (html: string) =>
  JSON.parse(/var m=(\{.*?\});/.exec(html)![1]!) as { token?: string; error?: string };

describeEachDatabase('OAuth sign-in with GitHub-shaped answers', (kind) => {
  let github: Awaited<ReturnType<typeof startGithub>>;

  beforeAll(async () => {
    github = await startGithub();
  });
  afterAll(async () => {
    await github?.close();
  });

  const suite = appOnDatabase(kind, { env: () => github.env });

  async function popup() {
    const started = await call<{ url: string }>(suite.server.url, 'POST', '/api/oauth/github');
    const back = await fetch(started.body.url, { redirect: 'manual' });
    const res = await fetch(back.headers.get('location')!);
    return { status: res.status, message: posted(await res.text()) };
  }

  it('links by the primary verified address from /user/emails, and keys on the numeric id', async () => {
    const existing = await registerUser(suite.server.url);
    github.signInAs({
      id: 4242,
      login: 'octo',
      name: null,
      email: null, // a private address: only /user/emails has it
      emails: [
        { email: 'old@example.test', primary: false, verified: true },
        { email: existing.email, primary: true, verified: true },
      ],
    });
    const first = await popup();
    expect(first.status).toBe(200);
    const me = await call(suite.server.url, 'GET', '/api/user', { token: first.message.token });
    expect(me.body.id).toBe(existing.id);

    // Same GitHub id with another address later: still the same account.
    github.signInAs({
      id: 4242,
      login: 'octo',
      name: 'Octo Cat',
      email: null,
      emails: [{ email: 'changed@example.test', primary: true, verified: true }],
    });
    const second = await popup();
    const again = await call(suite.server.url, 'GET', '/api/user', { token: second.message.token });
    expect(again.body.id).toBe(existing.id);
  });

  it('creates an account named after the login when GitHub has no verified primary address', async () => {
    github.signInAs({
      id: 777,
      login: 'newbie',
      name: null,
      email: `newbie-${kind}@example.test`,
      emails: [{ email: `newbie-${kind}@example.test`, primary: true, verified: false }],
    });
    const { status, message } = await popup();
    expect(status).toBe(200);
    const me = await call(suite.server.url, 'GET', '/api/user', { token: message.token });
    expect(me.body).toMatchObject({
      name: 'newbie',
      email: `newbie-${kind}@example.test`,
      email_verified_at: null,
    });
  });

  it('shows an error page when the token exchange is refused', async () => {
    const started = await call<{ url: string }>(suite.server.url, 'POST', '/api/oauth/github');
    const state = new URL(started.body.url).searchParams.get('state')!;
    const res = await fetch(
      `${suite.server.url}/api/oauth/github/callback?code=forged&state=${encodeURIComponent(state)}`,
    );
    expect(res.status).toBe(502);
    expect(posted(await res.text())).toEqual({
      error: 'Sign-in with github failed. Please try again later.',
    });
  });
});
