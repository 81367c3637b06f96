import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { adminOnly } from '../../server/modules/admin/http';
import { REDIS_URL, redisOrSkip } from '../support/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appOnDatabase,
  call,
  createTestDatabase,
  DB_KINDS,
  describeEachDatabase,
  registerUser,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../support/testApp';

const ON = { RATE_LIMITS: 'on' };

const redisDown = await redisOrSkip('the shared rate-limit suite');

type Body = { message: string; errors?: Record<string, string[]>; token?: string };

/** Each test uses its own client address (X-Forwarded-For is trusted from loopback only). */
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

const loginAs = (base: string, ip: string, email: string, password = 'wrong-password') =>
  call<Body>(base, 'POST', '/api/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });

function expectTooMany(res: { status: number; body: unknown; headers: Headers }, window: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: 'Too Many Attempts.' });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(window);
}

describeEachDatabase('rate limits (one instance, in memory)', (kind) => {
  const suite = appOnDatabase(kind, { env: ON });

  it('allows 5 logins a minute per IP and e-mail, then 429 {message} with Retry-After', async () => {
    const user = await registerUser(suite.server.url);
    // A browser that signed in before (see the account lock in auth-account-limits.test.ts).
    const known = await call<{ device_token: string }>(suite.server.url, 'POST', '/api/login', {
      body: { email: user.email, password: user.password },
      headers: { 'x-forwarded-for': freshIp() },
    });
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await loginAs(suite.server.url, ip, user.email)).status).toBe(422);
    }
    const sixth = await loginAs(suite.server.url, ip, user.email, user.password);
    expectTooMany(sixth, 60);
    expect(sixth.body.token).toBeUndefined();
    // The same e-mail from another address, and another e-mail from this one, still get in
    // (the e-mail's own lock, engaged by the 5 failures, lets the account's known device in).
    const elsewhere = await call<Body>(suite.server.url, 'POST', '/api/login', {
      body: { email: user.email, password: user.password, device_token: known.body.device_token },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(elsewhere.status).toBe(200);
    expect((await loginAs(suite.server.url, ip, 'someone-else@example.test')).status).toBe(422);
    const es = await call<Body>(suite.server.url, 'POST', '/api/login', {
      body: { email: user.email, password: user.password },
      headers: { 'x-forwarded-for': ip, 'accept-language': 'es' },
    });
    expect(es.status).toBe(429);
    expect(es.body.message).toBe('Demasiados intentos.');
  });

  it('allows 5 password e-mails a minute per IP and e-mail', async () => {
    const ip = freshIp();
    const ask = () =>
      call<Body>(suite.server.url, 'POST', '/api/password/email', {
        body: { email: 'limited@example.test' },
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(200);
    expectTooMany(await ask(), 60);
  });

  it('allows 10 registrations an hour per IP', async () => {
    const ip = freshIp();
    const register = (n: number) =>
      call<Body>(suite.server.url, 'POST', '/api/register', {
        body: {
          name: `Limited ${n}`,
          email: `limited-${kind}-${n}@example.test`,
          password: 'secret-pass-1',
          password_confirmation: 'secret-pass-1',
        },
        headers: { 'x-forwarded-for': ip },
      });
    for (let n = 0; n < 10; n++) expect((await register(n)).status).toBe(202);
    expectTooMany(await register(10), 3600);
    expect(
      (
        await call(suite.server.url, 'POST', '/api/register', {
          body: {
            name: 'Other',
            email: `limited-${kind}-other@example.test`,
            password: 'secret-pass-1',
            password_confirmation: 'secret-pass-1',
          },
          headers: { 'x-forwarded-for': freshIp() },
        })
      ).status,
    ).toBe(202);
  });

  it('allows 300 requests a minute per token elsewhere; other tokens are not affected', async () => {
    const a = await registerUser(suite.server.url, {});
    const b = await registerUser(suite.server.url, {});
    const ip = freshIp();
    const get = (token: string) =>
      call(suite.server.url, 'GET', '/api/user', { token, headers: { 'x-forwarded-for': ip } });
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 30 }, () => get(a.token)));
      expect(answers.every((r) => r.status === 200)).toBe(true);
    }
    const over = await get(a.token);
    expectTooMany(over, 60);
    expect((await get(b.token)).status).toBe(200);
  });

  it('leaves the hook arrays routes share as they were (the limiter adds to copies)', () => {
    // @fastify/rate-limit pushes its hook onto a route's onRequest array: onto adminOnly itself,
    // shared by every admin route (and by the next server built in this process), without the
    // copies of server/http/routeHooks.ts.
    expect(adminOnly).toHaveLength(2);
  });

  it('counts every API request per IP before authentication: 1,200 a minute whatever the token', async () => {
    const user = await registerUser(suite.server.url);
    const ip = freshIp();
    const get = (token: string) =>
      call(suite.server.url, 'GET', '/api/user', { token, headers: { 'x-forwarded-for': ip } });
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 24; batch++) {
      // Forged tokens, each a different one: only the IP ties them together.
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => get(`forged-${batch * 50 + i}`)),
      );
      for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: 1200 });
    expectTooMany(await get(user.token), 60);
    // Another address with the same token is not affected.
    const elsewhere = await call(suite.server.url, 'GET', '/api/user', {
      token: user.token,
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('does not trust X-Forwarded-For from a peer outside TRUST_PROXY', async () => {
    const strict = await createTestDatabase(kind);
    const app = await startTestApp(strict, { ...ON, TRUST_PROXY: 'false' });
    try {
      const user = await registerUser(app.url);
      for (let i = 0; i < 5; i++) {
        expect((await loginAs(app.url, freshIp(), user.email)).status).toBe(422);
      }
      // Five different claimed addresses, one real peer: the sixth is refused.
      expectTooMany(await loginAs(app.url, freshIp(), user.email, user.password), 60);
    } finally {
      await app.close();
      await strict.dispose();
    }
  });
});

const sharedKinds = redisDown ? [] : DB_KINDS.filter((k) => k === 'postgres');
if (!redisDown && sharedKinds.length === 0) {
  console.warn('!!! SKIPPING the two-instance rate-limit suite: it needs PostgreSQL.');
}

for (const kind of sharedKinds) {
  describe(`rate limits shared through Redis by two instances [${kind}]`, () => {
    let testDb: TestDatabase;
    let first: TestApp;
    let second: TestApp;
    const prefix = `casino-test-${randomBytes(6).toString('hex')}:`;

    beforeAll(async () => {
      testDb = await createTestDatabase(kind);
      const env = { ...ON, REDIS_URL, REDIS_PREFIX: prefix };
      first = await startTestApp(testDb, env);
      second = await startTestApp(testDb, env);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await testDb?.dispose();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    });

    it('refuses the 6th login attempt on the second instance after 5 on the first', async () => {
      const user = await registerUser(first.url);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        expect((await loginAs(first.url, ip, user.email)).status).toBe(422);
      }
      expectTooMany(await loginAs(second.url, ip, user.email, user.password), 60);
      const redis = new Redis(REDIS_URL);
      try {
        expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
      } finally {
        redis.disconnect();
      }
    });

    it('counts the per-IP login floor across both instances, whatever the e-mail', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        const base = i % 2 ? first.url : second.url;
        expect((await loginAs(base, ip, `spread-${i}@example.test`)).status).toBe(422);
      }
      expectTooMany(await loginAs(first.url, ip, 'spread-last@example.test'), 60);
      expectTooMany(await loginAs(second.url, ip, 'spread-last-2@example.test'), 60);
    });

    it('counts one token across both instances', async () => {
      const user = await registerUser(first.url);
      const ip = freshIp();
      const get = (base: string) =>
        call(base, 'GET', '/api/user', { token: user.token, headers: { 'x-forwarded-for': ip } });
      for (let batch = 0; batch < 10; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) => get(i % 2 ? first.url : second.url)),
        );
        expect(answers.every((r) => r.status === 200)).toBe(true);
      }
      expectTooMany(await get(second.url), 60);
      expectTooMany(await get(first.url), 60);
    });
  });
}
