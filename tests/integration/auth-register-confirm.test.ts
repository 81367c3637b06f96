import fs from 'node:fs';
import { expect, it } from 'vitest';
import { waitForMail } from '../support/mailbox';
import { confirmLinksTo, mailDirOf, waitForConfirmToken } from '../support/registration';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

/** The mail's text with quoted-printable's soft line breaks undone. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

type Body = { message?: string; errors?: Record<string, string[]>; [key: string]: unknown };

/** Headers an observer may see differ between any two answers. */
const VARYING = new Set(['date', 'x-request-id', 'request-id']);

describeEachDatabase('registration confirmed by a mailed link', (kind) => {
  const suite = appOnDatabase(kind);
  const url = () => suite.server.url;
  const mailDir = () => mailDirOf(url());

  /** POST /api/register as a browser would, keeping the raw answer. */
  async function register(email: string, extra: Record<string, unknown> = {}) {
    const res = await fetch(`${url()}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name: 'Someone',
        email,
        password: 'secret-pass-1',
        password_confirmation: 'secret-pass-1',
        ...extra,
      }),
    });
    const headers = Object.fromEntries(
      [...res.headers.entries()].filter(([name]) => !VARYING.has(name)),
    );
    return { status: res.status, headers, text: await res.text() };
  }

  it('answers a taken e-mail and a new one alike (status, headers, bytes); only the mails differ', async () => {
    const owner = await registerUser(url());
    const fresh = `fresh-${kind}@example.test`;
    const taken = await register(owner.email);
    const brandNew = await register(fresh);
    expect(taken.status).toBe(202);
    expect(brandNew).toEqual(taken);
    expect(JSON.parse(taken.text)).toEqual({
      message: 'Check your inbox: we have emailed you a link to finish your registration.',
    });

    const confirmMail = await waitForMail(mailDir(), fresh, { link: /\/register\/confirm\// });
    expect(confirmMail.subject).toBe('Finish your registration');
    const takenMail = await waitForMail(mailDir(), owner.email, {
      subject: /already have an account/,
    });
    const takenText = unfold(fs.readFileSync(takenMail.emlFile, 'utf8'));
    expect(takenText).toContain(`${url()}/login`);
    expect(takenText).toContain(`${url()}/password/reset`);
    expect(takenText).not.toContain('/register/confirm/');
    // The owner's account is untouched: the password registered with does not sign in.
    const login = await call(url(), 'POST', '/api/login', {
      body: { email: owner.email, password: 'secret-pass-1' },
    });
    expect(login.status).toBe(422);
  });

  it('the link signs in (201 {token, user}, e-mail verified), once; a reused, unknown or malformed one is a 422 on token', async () => {
    const email = `linked-${kind}@example.test`;
    expect((await register(email)).status).toBe(202);
    const token = await waitForConfirmToken(mailDir(), email);
    const confirmed = await call<{ token: string; user: Record<string, unknown> }>(
      url(),
      'POST',
      '/api/register/confirm',
      { body: { token } },
    );
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.user).toMatchObject({ email, name: 'Someone' });
    expect(confirmed.body.user.email_verified_at).toEqual(expect.any(String));
    const me = await call(url(), 'GET', '/api/user', { token: confirmed.body.token });
    expect(me.status).toBe(200);
    const balance = await call(url(), 'GET', '/api/user/balance', { token: confirmed.body.token });
    expect(balance.body).toEqual({ balance: 1000 });
    const signIn = await call(url(), 'POST', '/api/login', {
      body: { email, password: 'secret-pass-1' },
    });
    expect(signIn.status).toBe(200);

    const invalid = {
      message: 'This registration link is invalid, expired or already used. Please register again.',
      errors: {
        token: [
          'This registration link is invalid, expired or already used. Please register again.',
        ],
      },
    };
    for (const given of [token, 'x'.repeat(64), 'short']) {
      const again = await call<Body>(url(), 'POST', '/api/register/confirm', {
        body: { token: given },
      });
      expect(again.status).toBe(422);
      expect(again.body).toEqual(invalid);
    }
    const spanish = await call<Body>(url(), 'POST', '/api/register/confirm', {
      body: { token },
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.body.message).toMatch(/^Este enlace de registro no es válido/);
  });

  it('a link whose e-mail got an account meanwhile says "you already have an account"', async () => {
    const email = `raced-${kind}@example.test`;
    expect((await register(email)).status).toBe(202);
    const token = await waitForConfirmToken(mailDir(), email);
    // Someone else takes the address first (an e-mail change in the settings).
    const other = await registerUser(url());
    const changed = await call(url(), 'PATCH', '/api/settings/profile', {
      token: other.token,
      body: { name: 'Other', email },
    });
    expect(changed.status).toBe(200);
    const late = await call<Body>(url(), 'POST', '/api/register/confirm', { body: { token } });
    expect(late.status).toBe(422);
    expect(late.body.errors?.token).toEqual([
      'You already have an account with this email address. Sign in, or reset your password if you forgot it.',
    ]);
  });

  it('a newer registration of the same e-mail replaces the older link; a referral code is kept', async () => {
    const referrer = await registerUser(url());
    const me = await call<{ referral_code: string }>(url(), 'GET', '/api/user', {
      token: referrer.token,
    });
    const email = `twice-${kind}@example.test`;
    expect((await register(email)).status).toBe(202);
    const older = await waitForConfirmToken(mailDir(), email);
    const before = confirmLinksTo(mailDir(), email);
    expect((await register(email, { referral_code: me.body.referral_code })).status).toBe(202);
    const newer = await waitForConfirmToken(mailDir(), email, before);
    expect(newer).not.toBe(older);
    expect(
      (await call(url(), 'POST', '/api/register/confirm', { body: { token: older } })).status,
    ).toBe(422);
    const ok = await call<{ token: string }>(url(), 'POST', '/api/register/confirm', {
      body: { token: newer },
    });
    expect(ok.status).toBe(201);
    const referrals = await call<{ referred_count: number }>(url(), 'GET', '/api/referrals/me', {
      token: referrer.token,
    });
    expect(referrals.body.referred_count).toBe(1);
  });

  it('keeps the 422 field errors: confirmation, name, malformed e-mail, unknown referral code', async () => {
    const errorsOf = async (extra: Record<string, unknown>) => {
      const answer = await register(`fields-${kind}@example.test`, extra);
      expect(answer.status).toBe(422);
      return (JSON.parse(answer.text) as Body).errors;
    };
    expect(await errorsOf({ password_confirmation: 'nope' })).toEqual({
      password: ['The password field confirmation does not match.'],
    });
    expect(await errorsOf({ name: '   ' })).toEqual({ name: ['The name field is required.'] });
    expect(Object.keys((await errorsOf({ email: 'not-an-email' }))!)).toEqual(['email']);
    expect(await errorsOf({ referral_code: 'NOSUCHCODE' })).toEqual({
      referral_code: ['The selected referral code is invalid.'],
    });
  });
});
