import { expect, it } from 'vitest';
import { mailDirOf, waitForConfirmToken } from '../support/registration';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

describeEachDatabase('register, login, user, balance, logout', (kind) => {
  const suite = appOnDatabase(kind);

  it('registers with 202, then the mailed link answers 201 {token, user} and credits the demo balance through the ledger', async () => {
    const email = `New.Player-${kind}@Example.test`;
    const mailDir = mailDirOf(suite.server.url);
    const started = await call<{ message: string }>(suite.server.url, 'POST', '/api/register', {
      body: {
        name: 'New Player',
        email,
        password: 'secret-pass-1',
        password_confirmation: 'secret-pass-1',
      },
    });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({
      message: 'Check your inbox: we have emailed you a link to finish your registration.',
    });
    const link = await waitForConfirmToken(mailDir, email);
    const res = await call<{ token: string; user: Record<string, unknown> }>(
      suite.server.url,
      'POST',
      '/api/register/confirm',
      { body: { token: link } },
    );
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);
    expect(res.body.user).toMatchObject({
      name: 'New Player',
      email: email.toLowerCase(),
      role: 'user',
    });
    // The link proves the address.
    expect(res.body.user.email_verified_at).toEqual(expect.any(String));
    expect(Object.keys(res.body.user).sort()).toEqual(
      [
        'created_at',
        'email',
        'email_verified_at',
        'hide_name',
        'id',
        'image_id',
        'name',
        'referral_code',
        'role',
        'two_factor_enabled',
      ].sort(),
    );
    const balance = await call(suite.server.url, 'GET', '/api/user/balance', {
      token: res.body.token,
    });
    expect(res.body.user.hide_name).toBe(false);
    expect(balance.body).toEqual({ balance: 1000 });
  });

  it('answers a taken e-mail like a new one (202), and a mismatched confirmation with 422', async () => {
    const first = await registerUser(suite.server.url);
    const taken = await call(suite.server.url, 'POST', '/api/register', {
      body: {
        name: 'X',
        email: first.email,
        password: 'secret-pass-1',
        password_confirmation: 'secret-pass-1',
      },
    });
    expect(taken.status).toBe(202);
    const mismatch = await call<{ errors: Record<string, string[]> }>(
      suite.server.url,
      'POST',
      '/api/register',
      {
        body: {
          name: 'X',
          email: 'other@example.test',
          password: 'secret-pass-1',
          password_confirmation: 'nope',
        },
      },
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password?.[0]).toBe(
      'The password field confirmation does not match.',
    );
  });

  it('logs in with a bearer token, rejects wrong credentials on email, translated', async () => {
    const user = await registerUser(suite.server.url);
    const ok = await call(suite.server.url, 'POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      token: expect.stringMatching(/^\d+\|[A-Za-z0-9]{40}$/),
      token_type: 'bearer',
      device_token: expect.stringMatching(/^[A-Za-z0-9]{48}$/),
    });
    const bad = await call<{ message: string; errors: Record<string, string[]> }>(
      suite.server.url,
      'POST',
      '/api/login',
      {
        body: { email: user.email, password: 'wrong password' },
        headers: { 'accept-language': 'es-ES,es;q=0.9' },
      },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual([
      'Estas credenciales no coinciden con nuestros registros.',
    ]);
  });

  it('answers 401 Unauthenticated without or with a bad token, and revokes on logout', async () => {
    const none = await call(suite.server.url, 'GET', '/api/user');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: 'Unauthenticated.' });
    const user = await registerUser(suite.server.url);
    const [id] = user.token.split('|');
    const forged = await call(suite.server.url, 'GET', '/api/user', {
      token: `${id}|${'x'.repeat(40)}`,
    });
    expect(forged.status).toBe(401);
    expect((await call(suite.server.url, 'GET', '/api/user', { token: user.token })).status).toBe(
      200,
    );
    expect(
      (await call(suite.server.url, 'POST', '/api/logout', { token: user.token })).status,
    ).toBe(200);
    expect((await call(suite.server.url, 'GET', '/api/user', { token: user.token })).status).toBe(
      401,
    );
  });

  it('answers schema violations with 422 per field and broken JSON with 400', async () => {
    const res = await call<{ errors: Record<string, string[]> }>(
      suite.server.url,
      'POST',
      '/api/register',
      {
        body: { name: 5, email: 'not-an-email', password: 'short' },
      },
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'email',
      'name',
      'password',
      'password_confirmation',
    ]);
    const broken = await call(suite.server.url, 'POST', '/api/login', { raw: '{"email": ' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ message: expect.any(String) });
  });
});
