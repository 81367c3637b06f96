import path from 'node:path';
import { expect, it } from 'vitest';
import { totpCode } from '../../server/modules/auth/totp';
import { lastMailTo, mailCountTo } from '../support/mailbox';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

type Body = {
  message: string;
  errors?: Record<string, string[]>;
  two_factor?: boolean;
} & Record<string, unknown>;

describeEachDatabase('settings: profile, password, two-factor', (kind) => {
  const suite = appOnDatabase(kind);
  const mailDir = () => path.join(suite.testDb.dataDir, 'mail');

  const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
    call<Body & { token: string }>(suite.server.url, 'POST', '/api/login', {
      body: { email, password, ...extra },
    });

  it('changes the name; a new e-mail is unverified and gets a new link; a taken one is 422', async () => {
    const a = await registerUser(suite.server.url, { unverified: true });
    const b = await registerUser(suite.server.url);
    await suite.server.app.background.drain(); // mails go out after the answer
    const verify = new URL(lastMailTo(mailDir(), a.email).link!);
    expect(
      (await call(suite.server.url, 'POST', `/api${verify.pathname}${verify.search}`)).status,
    ).toBe(200);

    const sameEmail = await call<Body>(suite.server.url, 'PATCH', '/api/settings/profile', {
      token: a.token,
      body: { name: '  Renamed  ', email: a.email },
    });
    expect(sameEmail.status).toBe(200);
    expect(sameEmail.body.name).toBe('Renamed');
    expect(typeof sameEmail.body.email_verified_at).toBe('string');

    const taken = await call<Body>(suite.server.url, 'PATCH', '/api/settings/profile', {
      token: a.token,
      body: { name: 'Renamed', email: b.email.toUpperCase() },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors?.email?.[0]).toBe('The email has already been taken.');

    const newEmail = `moved-${kind}-${a.id}@example.test`;
    const moved = await call<Body>(suite.server.url, 'PATCH', '/api/settings/profile', {
      token: a.token,
      body: { name: 'Renamed', email: newEmail },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.email).toBe(newEmail);
    expect(moved.body.email_verified_at).toBeNull();
    await suite.server.app.background.drain();
    expect(mailCountTo(mailDir(), newEmail)).toBe(1);
    // The link mailed to the old address no longer verifies anything.
    const stale = await call(suite.server.url, 'POST', `/api${verify.pathname}${verify.search}`);
    expect(stale.status).toBe(403);
    const fresh = new URL(lastMailTo(mailDir(), newEmail).link!);
    expect(
      (await call(suite.server.url, 'POST', `/api${fresh.pathname}${fresh.search}`)).status,
    ).toBe(200);
    expect((await login(newEmail, a.password)).status).toBe(200);

    const invalid = await call<Body>(suite.server.url, 'PATCH', '/api/settings/profile', {
      token: a.token,
      body: { name: '   ', email: 'nope' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors?.email).toBeDefined();
    const blank = await call<Body>(suite.server.url, 'PATCH', '/api/settings/profile', {
      token: a.token,
      body: { name: '   ', email: newEmail },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors?.name?.[0]).toBe('The name field is required.');
    const anonymous = await call<Body>(suite.server.url, 'PATCH', '/api/settings/profile', {
      body: { name: 'X', email: newEmail },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('changes the password after the current one, keeping this token and revoking the others', async () => {
    const a = await registerUser(suite.server.url);
    const other = (await login(a.email, a.password)).body.token;
    const wrong = await call<Body>(suite.server.url, 'PATCH', '/api/settings/password', {
      token: a.token,
      body: {
        current_password: 'not-the-password',
        password: 'next-password-1',
        password_confirmation: 'next-password-1',
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.current_password?.[0]).toBe('The password is incorrect.');
    const mismatch = await call<Body>(suite.server.url, 'PATCH', '/api/settings/password', {
      token: a.token,
      body: {
        current_password: a.password,
        password: 'next-password-1',
        password_confirmation: 'next-password-2',
      },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors?.password).toBeDefined();
    expect((await call(suite.server.url, 'GET', '/api/user', { token: other })).status).toBe(200);

    const ok = await call<Body>(suite.server.url, 'PATCH', '/api/settings/password', {
      token: a.token,
      body: {
        current_password: a.password,
        password: 'next-password-1',
        password_confirmation: 'next-password-1',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Your password has been updated.');
    expect((await call(suite.server.url, 'GET', '/api/user', { token: a.token })).status).toBe(200);
    expect((await call(suite.server.url, 'GET', '/api/user', { token: other })).status).toBe(401);
    expect((await login(a.email, a.password)).status).toBe(422);
    expect((await login(a.email, 'next-password-1')).status).toBe(200);
  });

  it('enables two-factor in two steps, then login needs the code, and disabling needs one', async () => {
    const a = await registerUser(suite.server.url);
    const status = await call<Body>(suite.server.url, 'GET', '/api/settings/2fa', {
      token: a.token,
    });
    expect(status.body).toEqual({ enabled: false });

    const early = await call<Body>(suite.server.url, 'POST', '/api/settings/2fa', {
      token: a.token,
      body: { action: 'confirm', code: '123456' },
    });
    expect(early.status).toBe(422);
    expect(early.body.errors?.action).toBeDefined();

    const setup = await call<{ secret: string; otpauth_url: string; qr_svg: string }>(
      suite.server.url,
      'POST',
      '/api/settings/2fa',
      { token: a.token, body: { action: 'enable' } },
    );
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const otpauth = new URL(setup.body.otpauth_url);
    expect(otpauth.protocol).toBe('otpauth:');
    expect(otpauth.searchParams.get('secret')).toBe(setup.body.secret);
    expect(otpauth.searchParams.get('period')).toBe('30');
    expect(setup.body.qr_svg.trimStart().startsWith('<svg')).toBe(true);
    // Pending only: login still works without a code.
    expect((await login(a.email, a.password)).status).toBe(200);
    expect(
      (await call(suite.server.url, 'GET', '/api/settings/2fa', { token: a.token })).body,
    ).toEqual({
      enabled: false,
    });

    const secret = setup.body.secret;
    const wrongCode = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const badConfirm = await call<Body>(suite.server.url, 'POST', '/api/settings/2fa', {
      token: a.token,
      body: { action: 'confirm', code: wrongCode },
    });
    expect(badConfirm.status).toBe(422);
    expect(badConfirm.body.errors?.code?.[0]).toBe('The code is invalid.');

    // Codes by 30-second step, so the test does not depend on where in a step it runs.
    const stepNow = () => Math.floor(Date.now() / 30_000);
    const codeAt = (step: number) => totpCode(secret, step * 30_000 + 15_000);
    const s0 = stepNow();
    const confirmed = await call<Body>(suite.server.url, 'POST', '/api/settings/2fa', {
      token: a.token,
      body: { action: 'confirm', code: codeAt(s0) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ enabled: true });
    expect(
      (await call(suite.server.url, 'GET', '/api/user', { token: a.token })).body,
    ).toMatchObject({
      two_factor_enabled: true,
    });
    const again = await call<Body>(suite.server.url, 'POST', '/api/settings/2fa', {
      token: a.token,
      body: { action: 'enable' },
    });
    expect(again.status).toBe(422);

    const noCode = await login(a.email, a.password);
    expect(noCode.status).toBe(422);
    expect(noCode.body.two_factor).toBe(true);
    expect(noCode.body.errors?.one_time_password?.[0]).toBe(
      'Enter the code from your authenticator app.',
    );
    expect(noCode.body.token).toBeUndefined();
    const badCode = await login(a.email, a.password, { one_time_password: wrongCode });
    expect(badCode.status).toBe(422);
    expect(badCode.body.two_factor).toBe(true);
    expect(badCode.body.errors?.one_time_password?.[0]).toBe('The one-time password is invalid.');
    // Wrong password stays a plain 422 on email, without revealing the second factor.
    const badPassword = await login(a.email, 'wrong-password', {
      one_time_password: totpCode(secret),
    });
    expect(badPassword.status).toBe(422);
    expect(badPassword.body.errors?.email).toBeDefined();
    expect(badPassword.body.two_factor).toBeUndefined();
    const nextStep = codeAt(s0 + 1);
    const good = await login(a.email, a.password, { one_time_password: nextStep });
    expect(good.status).toBe(200);
    expect(good.body.token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);
    // A code works once.
    const replay = await login(a.email, a.password, { one_time_password: nextStep });
    expect(replay.status).toBe(422);
    expect(replay.body.two_factor).toBe(true);

    const disableNoCode = await call<Body>(suite.server.url, 'POST', '/api/settings/2fa', {
      token: a.token,
      body: { action: 'disable' },
    });
    expect(disableNoCode.status).toBe(422);
    expect(disableNoCode.body.errors?.code?.[0]).toBe('The code field is required.');
    const disableBad = await call<Body>(suite.server.url, 'POST', '/api/settings/2fa', {
      token: a.token,
      body: { action: 'disable', code: wrongCode },
    });
    expect(disableBad.status).toBe(422);
    const disabled = await call<Body>(suite.server.url, 'POST', '/api/settings/2fa', {
      token: a.token,
      body: { action: 'disable', code: codeAt(s0) },
    });
    // That step was spent on confirm; a step of the window not used yet is accepted.
    expect(disabled.status).toBe(422);
    const now = stepNow();
    const unused = [now - 1, now, now + 1].find((step) => step !== s0 && step !== s0 + 1)!;
    const reallyDisabled = await call<Body>(suite.server.url, 'POST', '/api/settings/2fa', {
      token: a.token,
      body: { action: 'disable', code: codeAt(unused) },
    });
    expect(reallyDisabled.body).toEqual({ enabled: false });
    expect((await login(a.email, a.password)).status).toBe(200);
  });

  it('answers 422 for an unknown action and 401 without a token', async () => {
    const a = await registerUser(suite.server.url);
    const unknown = await call<Body>(suite.server.url, 'POST', '/api/settings/2fa', {
      token: a.token,
      body: { action: 'explode' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.action?.[0]).toBe('The selected action is invalid.');
    expect((await call(suite.server.url, 'GET', '/api/settings/2fa')).status).toBe(401);
    expect(
      (await call(suite.server.url, 'POST', '/api/settings/2fa', { body: { action: 'enable' } }))
        .status,
    ).toBe(401);
    const fr = await call<Body>(suite.server.url, 'PATCH', '/api/settings/password', {
      token: a.token,
      headers: { 'accept-language': 'fr' },
      body: {
        current_password: 'nope-nope',
        password: 'abcdefgh1',
        password_confirmation: 'abcdefgh1',
      },
    });
    expect(fr.body.errors?.current_password?.[0]).toBe('Le mot de passe est incorrect.');
  });
});
