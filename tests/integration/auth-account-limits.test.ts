import fs from 'node:fs';
import { expect, it } from 'vitest';
import { totpCode } from '../../server/modules/auth/totp';
import { filedMails, mailCountTo, waitForMail } from '../support/mailbox';
import { mailDirOf } from '../support/registration';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

/** The mail's text with quoted-printable's soft line breaks undone. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

type Body = { message?: string; errors?: Record<string, string[]>; [key: string]: unknown };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NOTICE = /Failed sign-in attempts/;

describeEachDatabase('per-account limits of password sign-in and 2FA codes', (kind) => {
  // Rate limits on (the helpers switch them off); X-Forwarded-For is believed from loopback.
  const suite = appOnDatabase(kind, { env: { RATE_LIMITS: 'on' } });
  let nextAddress = 0;
  /** A client address never used before in this suite. */
  const fresh = () => {
    nextAddress += 1;
    return {
      'x-forwarded-for': `10.${nextAddress >> 16}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`,
    };
  };
  const login = (body: Record<string, unknown>) =>
    call<Body>(suite.server.url, 'POST', '/api/login', { body, headers: fresh() });
  const retryAfter = (answer: { headers: Headers }) => Number(answer.headers.get('retry-after'));

  /** Wrong passwords (each from a new address) until a 429 says the lock holds for >= `seconds`. */
  async function lockFor(email: string, seconds: number): Promise<void> {
    for (let i = 0; i < 30; i++) {
      const answer = await login({ email, password: 'wrong password' });
      if (answer.status === 429 && retryAfter(answer) >= seconds) return;
      if (answer.status === 429) await sleep(retryAfter(answer) * 1000);
    }
    throw new Error('the lock never reached the wanted length');
  }

  it('refuses 40 wrong passwords from 40 addresses after 5, before the password; a known device still signs in; a success resets; a notice mail goes out once', async () => {
    const user = await registerUser(suite.server.url, { headers: fresh() });
    const first = await login({ email: user.email, password: user.password });
    expect(first.status).toBe(200);
    const device = first.body.device_token as string;
    expect(device).toMatch(/^[A-Za-z0-9]{48}$/);

    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await login({ email: user.email, password: `wrong ${i}` });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body).toEqual({ message: 'Too Many Attempts.' });
        expect(retryAfter(answer)).toBeGreaterThanOrEqual(1);
      }
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(8);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(32);

    await lockFor(user.email, 4);
    // The right password from a new address is refused while the lock holds ...
    const locked = await login({ email: user.email, password: user.password });
    expect(locked.status).toBe(429);
    expect(retryAfter(locked)).toBeGreaterThanOrEqual(1);
    // ... but not from a browser that signed in to the account before (it needs the password).
    const knownWrong = await login({
      email: user.email,
      password: 'still wrong',
      device_token: device,
    });
    expect(knownWrong.status).toBe(422);
    const otherDevice = await login({
      email: user.email,
      password: user.password,
      device_token: 'A'.repeat(48),
    });
    expect(otherDevice.status).toBe(429);
    const known = await login({ email: user.email, password: user.password, device_token: device });
    expect(known.status).toBe(200);
    expect(known.body.token_type).toBe('bearer');
    const replaced = known.body.device_token as string;
    expect(replaced).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(replaced).not.toBe(device);
    // The device token is replaced by the new one: the old one no longer passes the lock.
    const me = await call(suite.server.url, 'GET', '/api/user', {
      token: known.body.token as string,
    });
    expect(me.status).toBe(200);

    // The success reset the count: 5 free failures again, then the lock.
    const again: number[] = [];
    for (let i = 0; i < 6; i++) {
      again.push((await login({ email: user.email, password: `again ${i}` })).status);
    }
    expect(again).toEqual([422, 422, 422, 422, 422, 429]);
    const stale = await login({ email: user.email, password: user.password, device_token: device });
    expect(stale.status).toBe(429);

    // One notice, though the lock engaged twice within the hour.
    const mailDir = mailDirOf(suite.server.url);
    const notice = await waitForMail(mailDir, user.email, { subject: NOTICE });
    expect(notice.link).toBe(`${suite.server.url}/password/reset`);
    await sleep(300);
    await suite.server.app.background.drain();
    expect(
      filedMails(mailDir).filter((m) => m.to === user.email && NOTICE.test(m.subject)).length,
    ).toBe(1);
    const text = unfold(fs.readFileSync(notice.emlFile, 'utf8'));
    expect(text).toContain('5 times');
  });

  it('counts an e-mail without an account exactly like one with (the same answers, the same 429s), and mails nobody', async () => {
    const ghost = `ghost-${kind}@example.test`;
    const statuses: number[] = [];
    const bodies: string[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await login({ email: ghost, password: `wrong ${i}` });
      statuses.push(answer.status);
      bodies.push(JSON.stringify(answer.body));
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(8);
    expect(new Set(bodies.filter((_, i) => statuses[i] === 422))).toEqual(
      new Set([
        JSON.stringify({
          message: 'These credentials do not match our records.',
          errors: { email: ['These credentials do not match our records.'] },
        }),
      ]),
    );
    // The case of the e-mail does not make a new counter.
    await lockFor(ghost, 2);
    const shouted = await login({ email: ghost.toUpperCase(), password: 'x' });
    expect(shouted.status).toBe(429);
    await suite.server.app.background.drain();
    expect(mailCountTo(mailDirOf(suite.server.url), ghost)).toBe(0);
  });

  it('refuses 30 wrong TOTP codes from 30 addresses after 5, at login and in the settings alike', async () => {
    const user = await registerUser(suite.server.url, { headers: fresh() });
    const enable = await call<{ secret: string }>(suite.server.url, 'POST', '/api/settings/2fa', {
      token: user.token,
      body: { action: 'enable' },
    });
    const secret = enable.body.secret;
    const confirm = await call(suite.server.url, 'POST', '/api/settings/2fa', {
      token: user.token,
      body: { action: 'confirm', code: totpCode(secret) },
    });
    expect(confirm.status).toBe(200);
    const wrongCode = () =>
      String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');

    const statuses: number[] = [];
    const wrongLogin = async () => {
      const answer = await login({
        email: user.email,
        password: user.password,
        one_time_password: wrongCode(),
      });
      statuses.push(answer.status);
      if (answer.status === 422) expect(answer.body.two_factor).toBe(true);
    };
    for (let i = 0; i < 5; i++) await wrongLogin();

    // The settings' codes share the lock: disabling 2FA is refused too while it holds. Asked right
    // after the fifth failure, while the first lock (one second) has just begun: at the end of the
    // thirty it may have run out between two locks.
    const disable = await call(suite.server.url, 'POST', '/api/settings/2fa', {
      token: user.token,
      body: { action: 'disable', code: wrongCode() },
      headers: fresh(),
    });

    for (let i = 5; i < 30; i++) await wrongLogin();
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(8);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(22);
    expect(disable.status).toBe(429);
    expect(retryAfter(disable)).toBeGreaterThanOrEqual(1);
  });
});
