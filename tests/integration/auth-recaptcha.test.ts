import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  appOnDatabase,
  call,
  createTestDatabase,
  describeEachDatabase,
  registerUser,
  startTestApp,
} from '../support/testApp';
import { mailDirOf, waitForConfirmToken } from '../support/registration';

type Body = { message: string; errors?: Record<string, string[]>; token?: string };

/** A tiny siteverify stand-in (the outside world): 'human' passes, anything else fails. */
async function startVerifier() {
  const seen: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const success = form.get('secret') === 'test-secret' && form.get('response') === 'human';
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          success
            ? { success: true }
            : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeEachDatabase('reCAPTCHA on register and login', (kind) => {
  let verifier: Awaited<ReturnType<typeof startVerifier>>;

  beforeAll(async () => {
    verifier = await startVerifier();
  });
  afterAll(async () => {
    await verifier?.close();
  });

  const suite = appOnDatabase(kind, {
    env: () => ({ RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_VERIFY_URL: verifier.url }),
  });

  const registration = (email: string, extra: Record<string, unknown>) => ({
    name: 'Robot Check',
    email,
    password: 'secret-pass-1',
    password_confirmation: 'secret-pass-1',
    ...extra,
  });

  it('registers only with a response the verifier accepts (either field name)', async () => {
    const missing = await call<Body>(suite.server.url, 'POST', '/api/register', {
      body: registration(`r1-${kind}@example.test`, {}),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.recaptcha_token?.[0]).toBe(
      'Please confirm that you are not a robot.',
    );
    const rejected = await call<Body>(suite.server.url, 'POST', '/api/register', {
      body: registration(`r1-${kind}@example.test`, { recaptcha_token: 'bot' }),
    });
    expect(rejected.status).toBe(422);
    expect(rejected.body.errors?.recaptcha_token?.[0]).toBe(
      'The reCAPTCHA check failed. Please try again.',
    );
    const accepted = await call<Body>(suite.server.url, 'POST', '/api/register', {
      body: registration(`r1-${kind}@example.test`, { recaptcha_token: 'human' }),
    });
    expect(accepted.status).toBe(202);
    // The mailed link creates the account (the login test below signs in to it).
    const link = await waitForConfirmToken(mailDirOf(suite.server.url), `r1-${kind}@example.test`);
    expect(
      (await call(suite.server.url, 'POST', '/api/register/confirm', { body: { token: link } }))
        .status,
    ).toBe(201);
    const legacyField = await call<Body>(suite.server.url, 'POST', '/api/register', {
      body: registration(`r2-${kind}@example.test`, { 'g-recaptcha-response': 'human' }),
    });
    expect(legacyField.status).toBe(202);
    const last = verifier.seen.at(-1)!;
    expect(last.get('secret')).toBe('test-secret');
    expect(last.get('response')).toBe('human');
    expect(last.get('remoteip')).toBe('127.0.0.1');
  });

  it('checks login too, before the credentials', async () => {
    const email = `r1-${kind}@example.test`;
    const count = verifier.seen.length;
    const rejected = await call<Body>(suite.server.url, 'POST', '/api/login', {
      body: { email, password: 'secret-pass-1', recaptcha_token: 'bot' },
    });
    expect(rejected.status).toBe(422);
    expect(rejected.body.errors?.recaptcha_token).toBeDefined();
    expect(rejected.body.token).toBeUndefined();
    const ok = await call<Body>(suite.server.url, 'POST', '/api/login', {
      body: { email, password: 'secret-pass-1', recaptcha_token: 'human' },
    });
    expect(ok.status).toBe(200);
    expect(verifier.seen.length).toBe(count + 2);
  });

  it('fails closed when the verifier cannot be reached', async () => {
    const down = await createTestDatabase(kind);
    const broken = await startTestApp(down, {
      RECAPTCHA_SECRET: 'test-secret',
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:1/siteverify',
    });
    try {
      const res = await call<Body>(broken.url, 'POST', '/api/register', {
        body: registration(`r3-${kind}@example.test`, { recaptcha_token: 'human' }),
      });
      expect(res.status).toBe(422);
      expect(res.body.errors?.recaptcha_token).toBeDefined();
    } finally {
      await broken.close();
      await down.dispose();
    }
  });

  it('is skipped without RECAPTCHA_SECRET', async () => {
    const other = await createTestDatabase(kind);
    const plain = await startTestApp(other);
    try {
      const count = verifier.seen.length;
      await registerUser(plain.url);
      expect(verifier.seen.length).toBe(count);
    } finally {
      await plain.close();
      await other.dispose();
    }
  });
});
