import { expect, it } from 'vitest';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ROUTES: [string, string, string[]][] = [
  [
    'POST',
    '/api/register',
    ['name', 'email', 'password', 'password_confirmation', 'referral_code', 'recaptcha_token'],
  ],
  ['POST', '/api/login', ['email', 'password', 'remember', 'one_time_password', 'recaptcha_token']],
  ['POST', '/api/email/resend', ['email']],
  ['POST', '/api/password/email', ['email']],
  ['POST', '/api/password/reset', ['token', 'email', 'password', 'password_confirmation']],
  ['PATCH', '/api/settings/profile', ['name', 'email']],
  ['PATCH', '/api/settings/password', ['current_password', 'password', 'password_confirmation']],
  ['POST', '/api/settings/2fa', ['action', 'code']],
];

const GET_PATHS = [
  '/api/email/verify/1?expires=1&signature=abc',
  '/api/email/verify/99999999999999?expires=x',
  '/api/email/verify/1?expires=1&expires=2&signature=a',
  '/api/oauth/google',
  '/api/oauth/%00',
  '/api/oauth/github/callback?state[]=1',
  '/api/oauth/google/callback?code=' + 'c'.repeat(5000),
];

describeEachDatabase('malformed requests to the accounts routes', (kind) => {
  const suite = appOnDatabase(kind);

  it('answers 300 seeded malformed requests with 4xx in the documented shapes, never 500', async () => {
    const user = await registerUser(suite.server.url);
    const random = seeded(20261121);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const values: unknown[] = [
      null,
      123,
      -1.5,
      true,
      [],
      {},
      ['a'],
      '',
      ' ',
      'x'.repeat(300),
      'x'.repeat(20_000),
      'not-an-email',
      'a@b',
      '\u0000',
      '💥'.repeat(100),
      { $ne: null },
      'enable',
      '123456',
    ];
    const tokens = [
      user.token,
      'garbage',
      `${user.token}x`,
      '1|' + 'A'.repeat(40),
      '',
      '999999999999|x',
    ];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const [method, path, fields] = pick(ROUTES);
      const shape = random();
      let res;
      if (shape < 0.15) {
        res = await call(suite.server.url, method, path, {
          raw: pick(['{', '[]', 'null', '"x"', '{"email":', '\u0000']),
          token: pick(tokens),
        });
      } else {
        const body: Record<string, unknown> = {};
        for (const f of fields) if (random() < 0.7) body[f] = pick(values);
        res = await call(suite.server.url, method, path, {
          body: shape < 0.2 ? pick(values) : body,
          token: pick(tokens),
        });
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      if (res.status >= 400) {
        expect(typeof (res.body as { message?: unknown }).message, `${method} ${path}`).toBe(
          'string',
        );
      }
      if (res.status === 422) {
        expect(Object.keys((res.body as { errors: object }).errors).length).toBeGreaterThan(0);
      }
    }
    for (const p of GET_PATHS) {
      for (const method of ['GET', 'POST']) {
        const res = await fetch(`${suite.server.url}${p}`, { method });
        expect(res.status, `${method} ${p}`).toBeLessThan(500);
      }
    }
    expect(statuses.get(422) ?? 0).toBeGreaterThan(50);
    // No request moved money.
    const balance = await call(suite.server.url, 'GET', '/api/user/balance', { token: user.token });
    expect(balance.body).toEqual({ balance: 1000 });
  });
});
